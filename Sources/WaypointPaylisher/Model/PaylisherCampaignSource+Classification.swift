import Foundation

extension PaylisherCampaignSource {
    /// Classifies the signals `source`, `referrer` and `platformHint`, in that order
    /// (spec §4).
    ///
    /// Each signal is trimmed of Unicode whitespace and newlines and skipped when blank. The
    /// first signal that classifies gives the result; when non-blank signals were seen but
    /// none classified the result is ``unknown``; with no signal at all, ``direct``.
    package static func classify(signals: [String?]) -> PaylisherCampaignSource {
        var sawSignal = false
        for signal in signals {
            guard let trimmed = signal?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
            else {
                continue
            }
            sawSignal = true
            if let source = classify(trimmed.lowercased()) {
                return source
            }
        }
        return sawSignal ? .unknown : .direct
    }

    /// Classifies one trimmed, lowercased signal, or returns nil when it does not classify.
    private static func classify(_ signal: String) -> PaylisherCampaignSource? {
        func has(_ words: String...) -> Bool { words.contains { signal.contains($0) } }
        func isOne(_ words: String...) -> Bool { words.contains(signal) }

        // 1. Brand names and app bundle ids, matched anywhere.
        if has("instagram") || isOne("ig") { return .instagram }
        if has("facebook", "messenger", "katana", "orca") || isOne("fb", "meta") { return .facebook }
        if has("tiktok", "musically", "zhiliaoapp", "ugc.trill") || isOne("tt") { return .tiktok }
        if has("twitter", "tweetie") { return .twitter }
        // 2. QR codes.
        if isOne("qr", "qrcode", "qr_code") || has("qr-code") { return .qr }
        // 3. Short domains, anchored to the host so `discount.com` is not `t.co`.
        let host = hostForDomainCheck(signal)
        func isDomain(_ domain: String) -> Bool { host == domain || host.hasSuffix("." + domain) }
        if signal == "x" || isDomain("x.com") || isDomain("t.co") { return .twitter }
        if isDomain("fb.com") || isDomain("fb.me") { return .facebook }
        // 4. Browsers, mail and messaging apps.
        if has(
            "safari", "chrome", "firefox", "mobilemail", "mobilesms", "messaging", "whatsapp", "telegram",
            "gmail")
            || isOne("mail", "sms", "browser", "website", "web", "direct")
        {
            return .direct
        }
        return nil
    }

    /// The host when `signal` is an absolute URL with an authority, else the whole signal.
    private static func hostForDomainCheck(_ signal: String) -> String {
        let reference = PaylisherURIReference(signal)
        guard reference.hasValidScheme, reference.authority != nil else { return signal }
        return String(reference.host)
    }
}
