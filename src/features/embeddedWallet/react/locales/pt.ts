/**
 * The embedded wallet feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The embedded wallet feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'embeddedWallet.emailTitle': 'Continuar com e-mail',
  'embeddedWallet.emailLabel': 'E-mail',
  'embeddedWallet.continue': 'Continuar',
  'embeddedWallet.sending': 'Enviando um código…',
  'embeddedWallet.otpTitle': 'Digite o código',
  'embeddedWallet.otpExplain': 'Enviamos um código para {email}.',
  'embeddedWallet.otpLabel': 'Código',
  'embeddedWallet.verify': 'Verificar',
  'embeddedWallet.deviceTitle': 'Aprove este dispositivo',
  'embeddedWallet.deviceExplain':
    'Abra o link que enviamos para {email} para aprovar este dispositivo.',
  'embeddedWallet.socialTitle': 'Continuar com uma conta social',
  'embeddedWallet.socialWith': 'Continuar com {provider}',
  'embeddedWallet.socialWaiting': 'Conclua o login na janela que foi aberta.',
  'embeddedWallet.approveTitle': 'Aprove na sua carteira',
  'embeddedWallet.approveExplain':
    'Sua carteira pede sua aprovação. Fechar isto recusa a solicitação.',
  'embeddedWallet.smartAccountLater':
    'Contas inteligentes ainda não estão disponíveis com login por e-mail ou rede social: esta é uma conta padrão (EOA).',
  'embeddedWallet.updateEmailTitle': 'Alterar e-mail',
  'embeddedWallet.updateEmailCurrent': 'Seu e-mail atual: {email}',
  'embeddedWallet.updateEmailLabel': 'Novo e-mail',
  'embeddedWallet.updatePrimaryTitle': 'Confirme seu e-mail atual',
  'embeddedWallet.updatePrimaryExplain':
    'Para alterar seu e-mail, digite o código que enviamos para {email}.',
  'embeddedWallet.updateSecondaryTitle': 'Confirme seu novo e-mail',
  'notice.EMAIL_UPDATED': 'Seu e-mail agora é {email}',
})
