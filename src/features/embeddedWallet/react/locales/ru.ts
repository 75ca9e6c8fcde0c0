/**
 * The embedded wallet feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Продолжить с электронной почтой',
  'embeddedWallet.emailLabel': 'Электронная почта',
  'embeddedWallet.continue': 'Продолжить',
  'embeddedWallet.sending': 'Отправляем код…',
  'embeddedWallet.otpTitle': 'Введите код',
  'embeddedWallet.otpExplain': 'Мы отправили код на {email}.',
  'embeddedWallet.otpLabel': 'Код',
  'embeddedWallet.verify': 'Подтвердить',
  'embeddedWallet.deviceTitle': 'Подтвердите это устройство',
  'embeddedWallet.deviceExplain':
    'Откройте ссылку, которую мы отправили на {email}, чтобы подтвердить это устройство.',
  'embeddedWallet.socialTitle': 'Продолжить через соцсеть',
  'embeddedWallet.socialWith': 'Продолжить через {provider}',
  'embeddedWallet.socialWaiting': 'Завершите вход в открывшемся окне.',
  'embeddedWallet.approveTitle': 'Подтвердите в кошельке',
  'embeddedWallet.approveExplain':
    'Ваш кошелёк просит подтверждения. Если закрыть это окно, запрос будет отклонён.',
  'embeddedWallet.smartAccountLater':
    'Смарт-аккаунты пока недоступны при входе по почте или через соцсети: это обычный аккаунт (EOA).',
  'embeddedWallet.updateEmailTitle': 'Изменить почту',
  'embeddedWallet.updateEmailCurrent': 'Ваша почта сейчас: {email}',
  'embeddedWallet.updateEmailLabel': 'Новая почта',
  'embeddedWallet.updatePrimaryTitle': 'Подтвердите текущую почту',
  'embeddedWallet.updatePrimaryExplain':
    'Чтобы изменить почту, введите код, который мы отправили на {email}.',
  'embeddedWallet.updateSecondaryTitle': 'Подтвердите новую почту',
  'notice.EMAIL_UPDATED': 'Теперь ваша почта — {email}',
})
