/**
 * The sign-in (siwx) feature's copy in Turkish, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Turkish. */
export const tr: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Giriş yap',
  'siwx.cancel': 'Girişi iptal et',
  'siwx.explain': 'Bu site cüzdanınızla giriş yapmanızı istiyor.',
  'siwx.site': 'Site',
  'siwx.account': 'Hesap',
  'siwx.network': 'Ağ',
  'siwx.statement': 'Mesaj',
  'siwx.otherSite':
    'Bu mesaj, bulunduğunuz sayfa olan {page} için değil, {domain} için. Yalnızca güveniyorsanız imzalayın.',
  'siwx.free': 'İmza, hesabın size ait olduğunu kanıtlar. Hiçbir ücreti yoktur ve işlem göndermez.',
  'siwx.sign': 'Giriş yap',
  'siwx.signing': 'Cüzdanınız bekleniyor…',
  'error.SIWX_NOT_ENABLED': 'Cüzdanla giriş etkin değil',
  'error.SIWX_VERIFICATION_FAILED': 'Giriş doğrulanamadı',
  'siwx.requiredNotice':
    'Bu site oturum açmanızı istiyor. Oturum açın ya da bağlantıyı kesmek için oturum açmayı iptal edin.',
  'siwx.signedIn': 'Bu hesapla oturum açıldı',
  'siwx.signedOut': 'Oturum açılmadı',
  'siwx.signOut': 'Oturumu kapat',
  'siwx.signInAgain': 'Oturum aç',
})
