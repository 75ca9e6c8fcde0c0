import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Portuguese. */
export const pt: FrameMessages = {
  ...POPUP_COPY.pt,
  'frame.title': 'Carteira Gangway',
  'create.title': 'Crie sua carteira',
  'create.body':
    'Sua carteira em {site} é protegida por uma chave de acesso neste dispositivo. Ninguém mais, nem mesmo {walletOrigin}, pode usá-la sem a chave de acesso.',
  'create.button': 'Criar chave de acesso',
  'recoveryKey.title': 'Guarde sua chave de recuperação',
  'recoveryKey.body':
    'Com ela e esta chave de acesso, você pode recuperar sua carteira em {recoverUrl}, mesmo quando o servidor da carteira estiver fora do ar. Guarde-a em um lugar seguro, como um gerenciador de senhas:',
  'recoveryKey.button': 'Já guardei',
  'approve.title': '{site} pede: {method}',
  'approve.network': 'Rede: {chainId}',
  'approve.approve': 'Aprovar',
  'approve.reject': 'Recusar',
  'summary.signMessage': 'Assinar esta mensagem:',
  'summary.signTypedData': 'Assinar {primaryType} para {app}',
  'summary.signTypedDataNoApp': 'Assinar {primaryType}',
  'summary.send': 'Enviar {amount} {symbol} para {to}',
  'summary.callContract': 'Chamar o contrato {to} com {amount} {symbol} (dados {selector}…)',
  'summary.createAccount': 'Criar a conta {account} com {amount} {symbol}',
  'summary.sendToken': 'Enviar {amount} do token {mint} para a conta de token {to}',
  'summary.sendTokenBaseUnits':
    'Enviar {amount} unidades base de um token para a conta de token {to}',
  'summary.createTokenAccount': 'Criar a conta de token {account} de {owner} para o token {mint}',
  'summary.computeBudget': 'Definir a taxa e o limite de computação da transação',
  'summary.memo': 'Nota: {memo}',
  'summary.callProgram': 'Chamar o programa {program} (contas: {count})',
  'export.title': 'Mostrar sua frase de recuperação',
  'export.body':
    'Qualquer pessoa com estas palavras pode gastar da sua carteira. Garanta que ninguém veja sua tela. Sua chave de acesso confirma que é você.',
  'export.continue': 'Continuar',
  'export.cancel': 'Cancelar',
  'phrase.title': 'Sua frase de recuperação',
  'phrase.done': 'Concluído',
  'recover.title': 'Recupere sua carteira',
  'recover.intro':
    'Cole a chave de recuperação que você guardou ao criar a carteira e depois use a chave de acesso desta carteira. Nada sai desta página.',
  'recover.keyLabel': 'Chave de recuperação',
  'recover.submit': 'Recuperar com minha chave de acesso',
  'recover.usePasskey': 'Use sua chave de acesso…',
  'recover.done': 'Recuperada.',
  'recover.notAKey': 'Esta não é uma chave de recuperação do Gangway.',
  'recover.wrongPasskey': 'Esta chave de recuperação não abre com esta chave de acesso.',
  'recover.yourWallet': 'Sua carteira',
  'recover.ethereumAddress': 'Endereço Ethereum',
  'recover.solanaAddress': 'Endereço Solana',
  'recover.phrase': 'Frase de recuperação',
  'recover.warning':
    'Qualquer pessoa com a frase de recuperação pode gastar desta carteira. Importe-a apenas em uma carteira de confiança e depois feche esta página.',
}
