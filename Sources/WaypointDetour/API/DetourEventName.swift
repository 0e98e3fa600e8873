/// The predefined analytics events of the Detour SDK, with their wire names as raw values.
public enum DetourEventName: String, Sendable, CaseIterable {
    /// `login`
    case login
    /// `search`
    case search
    /// `share`
    case share
    /// `sign_up`
    case signUp = "sign_up"
    /// `tutorial_begin`
    case tutorialBegin = "tutorial_begin"
    /// `tutorial_complete`
    case tutorialComplete = "tutorial_complete"
    /// `re_engage`
    case reEngage = "re_engage"
    /// `invite`
    case invite
    /// `opened_from_push_notification`
    case openedFromPushNotification = "opened_from_push_notification"
    /// `add_payment_info`
    case addPaymentInfo = "add_payment_info"
    /// `add_shipping_info`
    case addShippingInfo = "add_shipping_info"
    /// `add_to_cart`
    case addToCart = "add_to_cart"
    /// `remove_from_cart`
    case removeFromCart = "remove_from_cart"
    /// `refund`
    case refund
    /// `view_item`
    case viewItem = "view_item"
    /// `begin_checkout`
    case beginCheckout = "begin_checkout"
    /// `purchase`
    case purchase
    /// `ad_impression`
    case adImpression = "ad_impression"
}
