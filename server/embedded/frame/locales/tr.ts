import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Turkish. */
export const tr: FrameMessages = {
  ...POPUP_COPY.tr,
  'frame.title': 'Gangway cüzdanı',
  'create.title': 'Cüzdanınızı oluşturun',
  'create.body':
    '{site} üzerindeki cüzdanınız bu cihazdaki bir geçiş anahtarıyla korunur. Geçiş anahtarı olmadan başka hiç kimse, {walletOrigin} bile, onu kullanamaz.',
  'create.button': 'Geçiş anahtarı oluştur',
  'recoveryKey.title': 'Kurtarma anahtarınızı saklayın',
  'recoveryKey.body':
    'Bu anahtar ve bu geçiş anahtarıyla, cüzdanın sunucusu çalışmıyorken bile cüzdanınızı {recoverUrl} adresinde kurtarabilirsiniz. Parola yöneticisi gibi güvenli bir yerde saklayın:',
  'recoveryKey.button': 'Kaydettim',
  'approve.title': '{site} istiyor: {method}',
  'approve.network': 'Ağ: {chainId}',
  'approve.approve': 'Onayla',
  'approve.reject': 'Reddet',
  'summary.signMessage': 'Bu mesajı imzala:',
  'summary.signTypedData': '{app} için {primaryType} imzala',
  'summary.signTypedDataNoApp': '{primaryType} imzala',
  'summary.send': '{to} adresine {amount} {symbol} gönder',
  'summary.callContract': '{to} sözleşmesini {amount} {symbol} ile çağır (veri {selector}…)',
  'summary.createAccount': '{account} hesabını {amount} {symbol} ile oluştur',
  'summary.sendToken': '{mint} tokeninden {amount} miktarını {to} token hesabına gönder',
  'summary.sendTokenBaseUnits': 'Bir tokenin {amount} temel birimini {to} token hesabına gönder',
  'summary.createTokenAccount':
    '{mint} tokeni için {owner} sahibinin {account} token hesabını oluştur',
  'summary.computeBudget': 'İşlemin ücretini ve hesaplama sınırını belirle',
  'summary.memo': 'Not: {memo}',
  'summary.callProgram': '{program} programını çağır (hesaplar: {count})',
  'export.title': 'Kurtarma ifadenizi gösterin',
  'export.body':
    'Bu kelimelere sahip olan herkes cüzdanınızdan harcama yapabilir. Ekranınızı kimsenin görmediğinden emin olun. Geçiş anahtarınız sizin olduğunuzu doğrular.',
  'export.continue': 'Devam',
  'export.cancel': 'İptal',
  'phrase.title': 'Kurtarma ifadeniz',
  'phrase.done': 'Bitti',
  'recover.title': 'Cüzdanınızı kurtarın',
  'recover.intro':
    'Cüzdanınızı oluştururken kaydettiğiniz kurtarma anahtarını yapıştırın, ardından bu cüzdanın geçiş anahtarını kullanın. Hiçbir şey bu sayfadan çıkmaz.',
  'recover.keyLabel': 'Kurtarma anahtarı',
  'recover.submit': 'Geçiş anahtarımla kurtar',
  'recover.usePasskey': 'Geçiş anahtarınızı kullanın…',
  'recover.done': 'Kurtarıldı.',
  'recover.notAKey': 'Bu bir Gangway kurtarma anahtarı değil.',
  'recover.wrongPasskey': 'Bu kurtarma anahtarı bu geçiş anahtarıyla açılmıyor.',
  'recover.yourWallet': 'Cüzdanınız',
  'recover.ethereumAddress': 'Ethereum adresi',
  'recover.solanaAddress': 'Solana adresi',
  'recover.phrase': 'Kurtarma ifadesi',
  'recover.warning':
    'Kurtarma ifadesine sahip olan herkes bu cüzdandan harcama yapabilir. Onu yalnızca güvendiğiniz bir cüzdana aktarın, ardından bu sayfayı kapatın.',
}
