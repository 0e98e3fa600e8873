extension AndroidIntentFilter {
    /// Why a filter can never be a verified App Link filter, so that its links open the
    /// browser (or a chooser) instead of the app, on Android 12 and later.
    public enum VerificationProblem: String, Sendable, Hashable, CaseIterable {
        /// No `android:autoVerify="true"`.
        case noAutoVerify
        /// No `android.intent.action.VIEW` action.
        case noViewAction
        /// No `android.intent.category.BROWSABLE` category: a browser cannot start it.
        case notBrowsable
        /// No `android.intent.category.DEFAULT` category.
        case noDefaultCategory
        /// Neither `http` nor `https` among the schemes.
        case noWebScheme
        /// No host: a filter for every host cannot be verified.
        case noHost
        /// The activity is disabled or not exported.
        case componentUnreachable

        /// The problem, as a phrase.
        public var phrase: String {
            switch self {
            case .noAutoVerify: "it has no android:autoVerify=\"true\""
            case .noViewAction: "it has no action android.intent.action.VIEW"
            case .notBrowsable: "it has no category android.intent.category.BROWSABLE"
            case .noDefaultCategory: "it has no category android.intent.category.DEFAULT"
            case .noWebScheme: "it has neither the scheme http nor https"
            case .noHost: "it names no host"
            case .componentUnreachable: "its activity is disabled or not exported"
            }
        }
    }

    /// What keeps the filter from being verified, in the order of ``VerificationProblem``;
    /// empty when the filter can be verified (whether its hosts are is for their
    /// `assetlinks.json` files to say).
    public var verificationProblems: [VerificationProblem] {
        var problems: [VerificationProblem] = []
        if !autoVerify { problems.append(.noAutoVerify) }
        if !actions.contains(Self.viewAction) { problems.append(.noViewAction) }
        if !categories.contains(Self.browsableCategory) { problems.append(.notBrowsable) }
        if !categories.contains(Self.defaultCategory) { problems.append(.noDefaultCategory) }
        if !schemes.contains(where: { $0 == "http" || $0 == "https" }) { problems.append(.noWebScheme) }
        if authorities.isEmpty { problems.append(.noHost) }
        if !componentReceivesLinks { problems.append(.componentUnreachable) }
        return problems
    }
}
