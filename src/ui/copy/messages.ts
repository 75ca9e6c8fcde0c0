import { ERROR_CODES, type ErrorCode, NOTICE_MESSAGES } from '../../kernel/index.js'

/** Every UI string by a stable id; `{name}` marks a value filled in at render. */
const en = {
  'connect.button': 'Connect Wallet',
  'connect.title': 'Connect a wallet',
  'connect.methods.wallet': 'Wallets',
  'connect.methods.email': 'Continue with email',
  'connect.methods.social': 'Continue with a social account',
  'connect.section.walletConnect': 'WalletConnect',
  'connect.section.recent': 'Recent',
  'connect.section.injected': 'Installed',
  'connect.section.featured': 'Featured',
  'connect.section.custom': 'More wallets',
  'connect.section.external': 'Other wallets',
  'connect.section.recommended': 'Recommended',
  'connect.allWallets': 'All wallets',
  'connect.noWallets': 'No wallet found in this browser.',
  'connect.legal': 'By connecting you agree to the {terms} and the {privacy}.',
  'connect.terms': 'Terms of Service',
  'connect.privacy': 'Privacy Policy',
  'connecting.title': 'Continue in {wallet}',
  'connecting.waiting': 'Accept the connection request in your wallet.',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  'allWallets.title': 'All wallets',
  'allWallets.search': 'Search wallets',
  'allWallets.none': 'No wallet matches “{query}”.',
  'allWallets.more': 'Show more wallets',
  'account.title': 'Account',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.explorer': 'View on block explorer',
  'account.disconnect': 'Disconnect',
  'account.send': 'Send',
  'account.network': 'Network: {network}',
  'account.tabs': 'Account sections',
  'account.tab.tokens': 'Tokens',
  'account.tab.nfts': 'NFTs',
  'account.tab.activity': 'Activity',
  'account.noTokens': 'No tokens yet.',
  'account.noNfts': 'No NFTs yet.',
  'account.noActivity': 'No activity yet.',
  'account.balanceUnknown': 'Balance unavailable',
  'networks.title': 'Choose a network',
  'networks.current': 'current',
  'networks.button': 'Switch network',
  'unsupported.title': 'Unsupported network',
  'unsupported.body': 'Your wallet is on a network this site does not support. Pick one of these:',
  'send.title': 'Send',
  'send.token': 'Token',
  'send.amount': 'Amount',
  'send.receiver': 'Receiver address',
  'send.max': 'Max',
  'send.review': 'Review',
  'send.preview': 'Review the transfer',
  'send.previewLine': 'Send {amount} {symbol} to {receiver}',
  'send.confirm': 'Send now',
  'send.sending': 'Sending…',
  'modal.close': 'Close',
  'walletConnect.scan': 'Scan with your phone’s wallet',
  'walletConnect.qr': 'WalletConnect QR code',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.preparing': 'Preparing the connection…',
  'walletConnect.open': 'Open {wallet}',
  'siwx.cancel': 'Cancel sign-in',
  'modal.back': 'Back',
  'modal.label': 'Wallet',
  'theme.dark': 'Dark',
  'theme.light': 'Light',
  ...Object.fromEntries(
    Object.entries(ERROR_CODES).map(([code, entry]) => [`error.${code}`, entry.userMessage]),
  ),
  ...Object.fromEntries(
    Object.entries(NOTICE_MESSAGES).map(([id, text]) => [`notice.${id}`, text]),
  ),
} as Record<string, string>

const de: Record<string, string> = {
  'connect.button': 'Wallet verbinden',
  'connect.title': 'Wallet verbinden',
  'connect.methods.wallet': 'Wallets',
  'connect.methods.email': 'Mit E-Mail fortfahren',
  'connect.methods.social': 'Mit einem sozialen Konto fortfahren',
  'connect.section.walletConnect': 'WalletConnect',
  'connect.section.recent': 'Zuletzt verwendet',
  'connect.section.injected': 'Installiert',
  'connect.section.featured': 'Empfohlen',
  'connect.section.custom': 'Weitere Wallets',
  'connect.section.external': 'Andere Wallets',
  'connect.section.recommended': 'Vorschläge',
  'connect.allWallets': 'Alle Wallets',
  'connect.noWallets': 'In diesem Browser wurde keine Wallet gefunden.',
  'connect.legal': 'Mit dem Verbinden stimmen Sie den {terms} und der {privacy} zu.',
  'connect.terms': 'Nutzungsbedingungen',
  'connect.privacy': 'Datenschutzerklärung',
  'connecting.title': 'Weiter in {wallet}',
  'connecting.waiting': 'Bestätigen Sie die Verbindungsanfrage in Ihrer Wallet.',
  'connecting.failed': 'Verbindung fehlgeschlagen',
  'connecting.retry': 'Erneut versuchen',
  'allWallets.title': 'Alle Wallets',
  'allWallets.search': 'Wallets suchen',
  'allWallets.none': 'Keine Wallet passt zu „{query}“.',
  'allWallets.more': 'Weitere Wallets anzeigen',
  'account.title': 'Konto',
  'account.copy': 'Adresse kopieren',
  'account.copied': 'Adresse kopiert',
  'account.explorer': 'Im Block-Explorer ansehen',
  'account.disconnect': 'Trennen',
  'account.send': 'Senden',
  'account.network': 'Netzwerk: {network}',
  'account.tabs': 'Kontobereiche',
  'account.tab.tokens': 'Token',
  'account.tab.nfts': 'NFTs',
  'account.tab.activity': 'Aktivität',
  'account.noTokens': 'Noch keine Token.',
  'account.noNfts': 'Noch keine NFTs.',
  'account.noActivity': 'Noch keine Aktivität.',
  'account.balanceUnknown': 'Guthaben nicht verfügbar',
  'networks.title': 'Netzwerk wählen',
  'networks.current': 'aktuell',
  'networks.button': 'Netzwerk wechseln',
  'unsupported.title': 'Nicht unterstütztes Netzwerk',
  'unsupported.body':
    'Ihre Wallet ist in einem Netzwerk, das diese Seite nicht unterstützt. Wählen Sie eines dieser:',
  'send.title': 'Senden',
  'send.token': 'Token',
  'send.amount': 'Betrag',
  'send.receiver': 'Empfängeradresse',
  'send.max': 'Max',
  'send.review': 'Prüfen',
  'send.preview': 'Überweisung prüfen',
  'send.previewLine': '{amount} {symbol} an {receiver} senden',
  'send.confirm': 'Jetzt senden',
  'send.sending': 'Wird gesendet…',
  'modal.close': 'Schließen',
  'walletConnect.scan': 'Mit der Wallet auf dem Telefon scannen',
  'walletConnect.qr': 'WalletConnect-QR-Code',
  'walletConnect.copy': 'Link kopieren',
  'walletConnect.copied': 'Link kopiert',
  'walletConnect.preparing': 'Verbindung wird vorbereitet…',
  'walletConnect.open': '{wallet} öffnen',
  'siwx.cancel': 'Anmeldung abbrechen',
  'modal.back': 'Zurück',
  'modal.label': 'Wallet',
  'theme.dark': 'Dunkel',
  'theme.light': 'Hell',
  'error.TOKEN_BALANCE_UNAVAILABLE': 'Token-Guthaben nicht verfügbar',
  'error.SOMETHING_WENT_WRONG': 'Etwas ist schiefgelaufen',
  'error.INVALID_SEND_INPUT': 'Bitte geben Sie einen gültigen Betrag und eine Empfängeradresse ein',
  'error.SEND_FAILED': 'Transaktion fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'error.USER_REJECTED': 'Signatur abgelehnt',
  'error.INVALID_AMOUNT': 'Falscher Betrag / Bitte geben Sie einen gültigen Betrag ein',
  'error.INSUFFICIENT_BALANCE': 'Guthaben nicht ausreichend',
  'error.INSUFFICIENT_GAS': 'Guthaben nicht ausreichend',
  'error.UNSUPPORTED_CHAIN': 'Nicht unterstütztes Netzwerk',
  'error.DISCONNECT_FAILED': 'Trennen fehlgeschlagen',
  'error.NETWORK_NOT_FOUND': 'Netzwerk nicht gefunden',
  'error.CANCELLED': 'Anfrage wurde abgebrochen',
  'error.NO_ACTIVE_ADDRESS': 'Keine aktive Adresse gefunden',
  'error.CAPABILITY_UNSUPPORTED': 'Aktion nicht erlaubt',
  'error.UNKNOWN_ERROR': 'Unbekannter Fehler',
  'error.SWAP_INIT_FAILED': 'Tausch konnte nicht gestartet werden',
  'error.NETWORK_PRICE_FAILED': 'Preis des Netzwerk-Tokens konnte nicht abgerufen werden',
  'error.ALLOWANCE_CHECK_FAILED': 'Freigabe konnte nicht geprüft werden',
  'error.APPROVAL_BUILD_FAILED': 'Freigabe-Transaktion konnte nicht erstellt werden',
  'error.TRANSACTION_BUILD_FAILED': 'Transaktion konnte nicht erstellt werden',
  'error.TRANSACTION_ERROR': 'Transaktionsfehler',
  'error.TRANSACTIONS_FETCH_FAILED': 'Transaktionen konnten nicht abgerufen werden',
  'error.AUTH_INIT_FAILED': 'Beim Starten der Anmeldung ist ein Problem aufgetreten',
  'error.SMART_ACCOUNT_UNSUPPORTED':
    'Diese Anwendung unterstützt Smart Accounts möglicherweise nicht',
  'error.AUTH_CONNECTOR_NOT_FOUND': 'Adresse oder Anmelde-Connector nicht gefunden',
  'error.NAME_RESOLUTION_FAILED': 'Name konnte nicht aufgelöst werden',
  'error.NAME_REGISTRATION_FAILED': 'Name konnte nicht registriert werden',
  'error.NAME_SUGGESTIONS_FAILED': 'Namensvorschläge konnten nicht abgerufen werden',
  'error.NAMES_FOR_ADDRESS_FAILED': 'Namen der Adresse konnten nicht abgerufen werden',
  'error.SIWX_NOT_ENABLED': 'Anmeldung mit der Wallet ist nicht aktiviert',
  'error.SWAP_NETWORK_UNSUPPORTED': 'Netzwerk wird für Tausch nicht unterstützt',
  'error.GAS_PRICE_NETWORK_UNSUPPORTED': 'Netzwerk wird für den Gaspreis nicht unterstützt',
  'error.HTTP_STATUS': 'HTTP-Statuscode: {status}',
  'error.VALIDATION_FAILED': 'Ungültige Eingabe',
  'error.EMAIL_LOGIN_COOLDOWN': 'Bitte versuchen Sie es in {seconds} Sekunden erneut',
  'error.EMBEDDED_WALLET_ERROR': 'Ein Fehler ist aufgetreten',
  'error.EMBEDDED_WALLET_LOAD_FAILED': 'E-Mail-Anmeldung konnte nicht geladen werden',
  'error.EMBEDDED_NETWORK_NOT_FOUND': 'Netzwerk nicht gefunden',
  'error.INVALID_APP_CONFIGURATION': 'Ungültige App-Konfiguration',
  'error.SESSION_EXPIRED': 'Sitzung abgelaufen',
  'error.PROJECT_ID_NOT_CONFIGURED': 'Projekt-ID nicht konfiguriert',
  'error.TRANSPORT_URL_MISSING': 'Dem Transport wurde keine URL übergeben',
  'error.RPC_NOT_ALLOWED': 'Aktion nicht erlaubt',
  'error.INVALID_EVENT': 'Etwas ist schiefgelaufen',
  'error.PLUGIN_ALREADY_REGISTERED': 'Etwas ist schiefgelaufen',
  'error.PLUGIN_NOT_FOUND': 'Netzwerk nicht gefunden',
  'error.CONNECTOR_NOT_FOUND': 'Etwas ist schiefgelaufen',
  'error.NOT_CONNECTED': 'Keine aktive Adresse gefunden',
  'error.STORAGE_DATA_DISCARDED': 'Etwas ist schiefgelaufen',
  'error.KIT_DESTROYED': 'Etwas ist schiefgelaufen',
  'notice.TRANSACTION_STARTED': 'Transaktion gestartet',
  'notice.APPROVE_LIMIT_INCREASE': 'Bestätigen Sie die Limiterhöhung in Ihrer Wallet',
  'notice.CONFIRM_TRANSACTION': 'Bestätigen Sie die Transaktion in Ihrer Wallet',
  'notice.AUTHENTICATING': 'Authentifizierung…',
}

/** The message catalogues by locale. English is complete; other locales fall back to it per id. */
export const MESSAGES = Object.freeze({ en, de })

/** A supported locale. */
export type Locale = keyof typeof MESSAGES

/** The ids of the UI strings. */
export type MessageId = string

/**
 * Looks a message up in a locale (falling back to English) and fills its `{name}` values.
 * @example
 * import { translate } from 'gangway/react'
 * translate('de', 'connect.button') // 'Wallet verbinden'
 */
export function translate(
  locale: Locale,
  id: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const template = MESSAGES[locale][id] ?? en[id] ?? id
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

/**
 * The visitor-facing text of a kit error: the locale's copy of its code, else the error's own
 * `userMessage`. Never `details`.
 * @example
 * import { errorText } from 'gangway/react'
 * errorText('en', { code: 'USER_REJECTED', userMessage: 'Signature declined' })
 */
export function errorText(
  locale: Locale,
  error: { readonly code: ErrorCode; readonly userMessage: string },
): string {
  const id = `error.${error.code}`
  const template = MESSAGES[locale][id]
  // A template with values ('HTTP status code: {status}') cannot be filled from a code alone; the
  // error's own text already has them.
  if (!template || template.includes('{')) return error.userMessage
  return template
}

/** The visitor-facing text of a notice (`NOTICE_MESSAGES`) or of any kernel text. @internal */
export function noticeText(locale: Locale, text: string): string {
  const id = Object.entries(NOTICE_MESSAGES).find(([, value]) => value === text)?.[0]
  if (id) return translate(locale, `notice.${id}`)
  const code = Object.entries(ERROR_CODES).find(([, entry]) => entry.userMessage === text)?.[0]
  return code ? (MESSAGES[locale][`error.${code}`] ?? text) : text
}
