/**
 * The embedded wallet feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'E-posta ile devam et',
  'embeddedWallet.emailLabel': 'E-posta',
  'embeddedWallet.continue': 'Devam',
  'embeddedWallet.sending': 'Kod gönderiliyor…',
  'embeddedWallet.otpTitle': 'Kodu girin',
  'embeddedWallet.otpExplain': '{email} adresine bir kod gönderdik.',
  'embeddedWallet.otpLabel': 'Kod',
  'embeddedWallet.verify': 'Doğrula',
  'embeddedWallet.deviceTitle': 'Bu cihazı onaylayın',
  'embeddedWallet.deviceExplain':
    'Bu cihazı onaylamak için {email} adresine gönderdiğimiz bağlantıyı açın.',
  'embeddedWallet.socialTitle': 'Bir sosyal hesapla devam et',
  'embeddedWallet.socialWith': '{provider} ile devam et',
  'embeddedWallet.socialWaiting': 'Açılan pencerede oturum açmayı tamamlayın.',
  'embeddedWallet.approveTitle': 'Cüzdanınızda onaylayın',
  'embeddedWallet.approveExplain': 'Cüzdanınız onayınızı istiyor. Bunu kapatmak isteği reddeder.',
  'embeddedWallet.smartAccountLater':
    'Akıllı hesaplar e-posta veya sosyal girişle henüz kullanılamıyor: bu hesap standart bir hesaptır (EOA).',
  'embeddedWallet.updateEmailTitle': 'E-postayı değiştir',
  'embeddedWallet.updateEmailCurrent': 'Şu anki e-postanız: {email}',
  'embeddedWallet.updateEmailLabel': 'Yeni e-posta',
  'embeddedWallet.updatePrimaryTitle': 'Şu anki e-postanızı onaylayın',
  'embeddedWallet.updatePrimaryExplain':
    'E-postanızı değiştirmek için {email} adresine gönderdiğimiz kodu girin.',
  'embeddedWallet.updateSecondaryTitle': 'Yeni e-postanızı onaylayın',
  'notice.EMAIL_UPDATED': 'E-postanız artık {email}',
})
