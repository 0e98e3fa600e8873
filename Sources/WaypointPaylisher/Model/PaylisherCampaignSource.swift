/// The canonical traffic source of a link (spec §4), reported as `campaign_source`.
public enum PaylisherCampaignSource: String, Sendable, Hashable, CaseIterable {
    /// Instagram (`instagram`, `ig`).
    case instagram
    /// Facebook and Messenger (`facebook`, `fb`, `meta`, `fb.me`, …).
    case facebook
    /// X, formerly Twitter (`twitter`, `x`, `t.co`, …).
    case twitter
    /// TikTok (`tiktok`, `tt`, …).
    case tiktok
    /// A printed QR code (`qr`, `qrcode`, `qr_code`, `…qr-code…`).
    case qr
    /// A browser, mail or messaging app, or no signal at all.
    case direct
    /// Signals were present but none was recognised.
    case unknown
}
