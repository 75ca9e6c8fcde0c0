/**
 * The sign-in (siwx) feature's copy in Portuguese, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Portuguese. */
export const pt: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Entrar',
  'siwx.cancel': 'Cancelar login',
  'siwx.explain': 'Este site pede que você entre com sua carteira.',
  'siwx.site': 'Site',
  'siwx.account': 'Conta',
  'siwx.network': 'Rede',
  'siwx.statement': 'Mensagem',
  'siwx.otherSite':
    'Esta mensagem é para {domain}, não para {page}, a página em que você está. Assine apenas se confiar nele.',
  'siwx.free':
    'A assinatura comprova que a conta é sua. Não custa nada e não envia nenhuma transação.',
  'siwx.sign': 'Entrar',
  'siwx.signing': 'Aguardando sua carteira…',
  'error.SIWX_NOT_ENABLED': 'O login com carteira não está ativado',
  'error.SIWX_VERIFICATION_FAILED': 'Não foi possível verificar o login',
  'siwx.requiredNotice':
    'Este site exige que você entre. Entre ou cancele a entrada para desconectar.',
  'siwx.signedIn': 'Conectado com esta conta',
  'siwx.signedOut': 'Não conectado',
  'siwx.signOut': 'Sair',
  'siwx.signInAgain': 'Entrar',
})
