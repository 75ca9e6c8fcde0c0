/**
 * The wallet origin's own words (the frame's dialogs, the login popup, the recovery page) in the
 * twelve languages the kit ships, and how a page picks one (decision 0717). All of them travel in
 * the pinned bundle: the frame cannot fetch a language later without a second pinned script, and
 * the recovery page must work from a static copy with the server down.
 * @module
 */
import { type PageLanguage, pickLanguage } from './pageLanguage.js'
import { POPUP_COPY, POPUP_ENGLISH } from './popupCopy.js'

/** Text by message id in one language; `{name}` placeholders are filled by {@link frameText}. */
export type FrameMessages = Readonly<Record<FrameMessageId, string>>

const en = {
  ...POPUP_ENGLISH,
  'frame.title': 'Gangway wallet',
  'create.title': 'Create your wallet',
  'create.body':
    'Your wallet on {site} is protected by a passkey on this device. Nobody else, not even {walletOrigin}, can use it without the passkey.',
  'create.button': 'Create passkey',
  'recoveryKey.title': 'Keep your recovery key',
  'recoveryKey.body':
    'With it and this passkey you can recover your wallet at {recoverUrl}, even while the wallet’s server is down. Keep it somewhere safe, like a password manager:',
  'recoveryKey.button': 'I saved it',
  'approve.title': '{site} asks: {method}',
  'approve.network': 'Network: {chainId}',
  'approve.approve': 'Approve',
  'approve.reject': 'Reject',
  'summary.signMessage': 'Sign this message:',
  'summary.signTypedData': 'Sign {primaryType} for {app}',
  'summary.signTypedDataNoApp': 'Sign {primaryType}',
  'summary.send': 'Send {amount} {symbol} to {to}',
  'summary.callContract': 'Call the contract {to} with {amount} {symbol} (data {selector}…)',
  'summary.createAccount': 'Create the account {account} with {amount} {symbol}',
  'summary.sendToken': 'Send {amount} of the token {mint} to the token account {to}',
  'summary.sendTokenBaseUnits': 'Send {amount} base units of a token to the token account {to}',
  'summary.createTokenAccount':
    'Create the token account {account} of {owner} for the token {mint}',
  'summary.computeBudget': 'Set the transaction’s fee and compute limit',
  'summary.memo': 'Memo: {memo}',
  'summary.callProgram': 'Call the program {program} (accounts: {count})',
  'export.title': 'Show your recovery phrase',
  'export.body':
    'Anyone with these words can spend from your wallet. Make sure nobody can see your screen. Your passkey confirms it is you.',
  'export.continue': 'Continue',
  'export.cancel': 'Cancel',
  'phrase.title': 'Your recovery phrase',
  'phrase.done': 'Done',
  'recover.title': 'Recover your wallet',
  'recover.intro':
    'Paste the recovery key you saved when you created your wallet, then use the passkey of this wallet. Nothing leaves this page.',
  'recover.keyLabel': 'Recovery key',
  'recover.submit': 'Recover with my passkey',
  'recover.usePasskey': 'Use your passkey…',
  'recover.done': 'Recovered.',
  'recover.notAKey': 'This is not a Gangway recovery key.',
  'recover.wrongPasskey': 'This recovery key does not open with this passkey.',
  'recover.yourWallet': 'Your wallet',
  'recover.ethereumAddress': 'Ethereum address',
  'recover.solanaAddress': 'Solana address',
  'recover.phrase': 'Recovery phrase',
  'recover.warning':
    'Anyone with the recovery phrase can spend from this wallet. Import it only into a wallet you trust, then close this page.',
} as const

/** The id of one of the wallet origin's texts. */
export type FrameMessageId = keyof typeof en

const de: FrameMessages = {
  ...POPUP_COPY.de,
  'frame.title': 'Gangway-Wallet',
  'create.title': 'Wallet erstellen',
  'create.body':
    'Ihre Wallet auf {site} ist durch einen Passkey auf diesem Gerät geschützt. Niemand sonst, nicht einmal {walletOrigin}, kann sie ohne den Passkey verwenden.',
  'create.button': 'Passkey erstellen',
  'recoveryKey.title': 'Wiederherstellungsschlüssel aufbewahren',
  'recoveryKey.body':
    'Mit ihm und diesem Passkey können Sie Ihre Wallet unter {recoverUrl} wiederherstellen, auch wenn der Server der Wallet nicht erreichbar ist. Bewahren Sie ihn sicher auf, etwa in einem Passwortmanager:',
  'recoveryKey.button': 'Ich habe ihn gespeichert',
  'approve.title': '{site} fragt: {method}',
  'approve.network': 'Netzwerk: {chainId}',
  'approve.approve': 'Genehmigen',
  'approve.reject': 'Ablehnen',
  'summary.signMessage': 'Diese Nachricht signieren:',
  'summary.signTypedData': '{primaryType} für {app} signieren',
  'summary.signTypedDataNoApp': '{primaryType} signieren',
  'summary.send': '{amount} {symbol} an {to} senden',
  'summary.callContract': 'Den Vertrag {to} mit {amount} {symbol} aufrufen (Daten {selector}…)',
  'summary.createAccount': 'Das Konto {account} mit {amount} {symbol} anlegen',
  'summary.sendToken': '{amount} des Tokens {mint} an das Token-Konto {to} senden',
  'summary.sendTokenBaseUnits':
    '{amount} Basiseinheiten eines Tokens an das Token-Konto {to} senden',
  'summary.createTokenAccount':
    'Das Token-Konto {account} von {owner} für den Token {mint} anlegen',
  'summary.computeBudget': 'Gebühr und Rechenlimit der Transaktion festlegen',
  'summary.memo': 'Notiz: {memo}',
  'summary.callProgram': 'Das Programm {program} aufrufen (Konten: {count})',
  'export.title': 'Wiederherstellungsphrase anzeigen',
  'export.body':
    'Wer diese Wörter kennt, kann über Ihre Wallet verfügen. Achten Sie darauf, dass niemand Ihren Bildschirm sieht. Ihr Passkey bestätigt, dass Sie es sind.',
  'export.continue': 'Weiter',
  'export.cancel': 'Abbrechen',
  'phrase.title': 'Ihre Wiederherstellungsphrase',
  'phrase.done': 'Fertig',
  'recover.title': 'Wallet wiederherstellen',
  'recover.intro':
    'Fügen Sie den Wiederherstellungsschlüssel ein, den Sie beim Erstellen Ihrer Wallet gespeichert haben, und verwenden Sie dann den Passkey dieser Wallet. Nichts verlässt diese Seite.',
  'recover.keyLabel': 'Wiederherstellungsschlüssel',
  'recover.submit': 'Mit meinem Passkey wiederherstellen',
  'recover.usePasskey': 'Verwenden Sie Ihren Passkey…',
  'recover.done': 'Wiederhergestellt.',
  'recover.notAKey': 'Das ist kein Gangway-Wiederherstellungsschlüssel.',
  'recover.wrongPasskey':
    'Dieser Wiederherstellungsschlüssel lässt sich mit diesem Passkey nicht öffnen.',
  'recover.yourWallet': 'Ihre Wallet',
  'recover.ethereumAddress': 'Ethereum-Adresse',
  'recover.solanaAddress': 'Solana-Adresse',
  'recover.phrase': 'Wiederherstellungsphrase',
  'recover.warning':
    'Wer die Wiederherstellungsphrase kennt, kann über diese Wallet verfügen. Importieren Sie sie nur in eine Wallet, der Sie vertrauen, und schließen Sie dann diese Seite.',
}

const es: FrameMessages = {
  ...POPUP_COPY.es,
  'frame.title': 'Monedero Gangway',
  'create.title': 'Crea tu monedero',
  'create.body':
    'Tu monedero en {site} está protegido por una llave de acceso en este dispositivo. Nadie más, ni siquiera {walletOrigin}, puede usarlo sin la llave de acceso.',
  'create.button': 'Crear llave de acceso',
  'recoveryKey.title': 'Guarda tu clave de recuperación',
  'recoveryKey.body':
    'Con ella y esta llave de acceso puedes recuperar tu monedero en {recoverUrl}, incluso si el servidor del monedero no funciona. Guárdala en un lugar seguro, como un gestor de contraseñas:',
  'recoveryKey.button': 'La he guardado',
  'approve.title': '{site} solicita: {method}',
  'approve.network': 'Red: {chainId}',
  'approve.approve': 'Aprobar',
  'approve.reject': 'Rechazar',
  'summary.signMessage': 'Firmar este mensaje:',
  'summary.signTypedData': 'Firmar {primaryType} para {app}',
  'summary.signTypedDataNoApp': 'Firmar {primaryType}',
  'summary.send': 'Enviar {amount} {symbol} a {to}',
  'summary.callContract': 'Llamar al contrato {to} con {amount} {symbol} (datos {selector}…)',
  'summary.createAccount': 'Crear la cuenta {account} con {amount} {symbol}',
  'summary.sendToken': 'Enviar {amount} del token {mint} a la cuenta de token {to}',
  'summary.sendTokenBaseUnits':
    'Enviar {amount} unidades base de un token a la cuenta de token {to}',
  'summary.createTokenAccount':
    'Crear la cuenta de token {account} de {owner} para el token {mint}',
  'summary.computeBudget': 'Fijar la comisión y el límite de cómputo de la transacción',
  'summary.memo': 'Nota: {memo}',
  'summary.callProgram': 'Llamar al programa {program} (cuentas: {count})',
  'export.title': 'Mostrar tu frase de recuperación',
  'export.body':
    'Cualquiera que tenga estas palabras puede gastar desde tu monedero. Asegúrate de que nadie vea tu pantalla. Tu llave de acceso confirma que eres tú.',
  'export.continue': 'Continuar',
  'export.cancel': 'Cancelar',
  'phrase.title': 'Tu frase de recuperación',
  'phrase.done': 'Listo',
  'recover.title': 'Recupera tu monedero',
  'recover.intro':
    'Pega la clave de recuperación que guardaste al crear tu monedero y luego usa la llave de acceso de este monedero. Nada sale de esta página.',
  'recover.keyLabel': 'Clave de recuperación',
  'recover.submit': 'Recuperar con mi llave de acceso',
  'recover.usePasskey': 'Usa tu llave de acceso…',
  'recover.done': 'Recuperado.',
  'recover.notAKey': 'Esta no es una clave de recuperación de Gangway.',
  'recover.wrongPasskey': 'Esta clave de recuperación no se abre con esta llave de acceso.',
  'recover.yourWallet': 'Tu monedero',
  'recover.ethereumAddress': 'Dirección de Ethereum',
  'recover.solanaAddress': 'Dirección de Solana',
  'recover.phrase': 'Frase de recuperación',
  'recover.warning':
    'Cualquiera que tenga la frase de recuperación puede gastar desde este monedero. Impórtala solo en un monedero de confianza y luego cierra esta página.',
}

const fr: FrameMessages = {
  ...POPUP_COPY.fr,
  'frame.title': 'Portefeuille Gangway',
  'create.title': 'Créez votre portefeuille',
  'create.body':
    'Votre portefeuille sur {site} est protégé par une clé d’accès sur cet appareil. Personne d’autre, pas même {walletOrigin}, ne peut l’utiliser sans cette clé d’accès.',
  'create.button': 'Créer une clé d’accès',
  'recoveryKey.title': 'Conservez votre clé de récupération',
  'recoveryKey.body':
    'Avec elle et cette clé d’accès, vous pouvez récupérer votre portefeuille sur {recoverUrl}, même si le serveur du portefeuille est en panne. Gardez-la en lieu sûr, par exemple dans un gestionnaire de mots de passe :',
  'recoveryKey.button': 'Je l’ai enregistrée',
  'approve.title': '{site} demande : {method}',
  'approve.network': 'Réseau : {chainId}',
  'approve.approve': 'Approuver',
  'approve.reject': 'Refuser',
  'summary.signMessage': 'Signer ce message :',
  'summary.signTypedData': 'Signer {primaryType} pour {app}',
  'summary.signTypedDataNoApp': 'Signer {primaryType}',
  'summary.send': 'Envoyer {amount} {symbol} à {to}',
  'summary.callContract': 'Appeler le contrat {to} avec {amount} {symbol} (données {selector}…)',
  'summary.createAccount': 'Créer le compte {account} avec {amount} {symbol}',
  'summary.sendToken': 'Envoyer {amount} du jeton {mint} au compte de jeton {to}',
  'summary.sendTokenBaseUnits':
    'Envoyer {amount} unités de base d’un jeton au compte de jeton {to}',
  'summary.createTokenAccount':
    'Créer le compte de jeton {account} de {owner} pour le jeton {mint}',
  'summary.computeBudget': 'Fixer les frais et la limite de calcul de la transaction',
  'summary.memo': 'Mémo : {memo}',
  'summary.callProgram': 'Appeler le programme {program} (comptes : {count})',
  'export.title': 'Afficher votre phrase de récupération',
  'export.body':
    'Quiconque possède ces mots peut dépenser depuis votre portefeuille. Assurez-vous que personne ne voit votre écran. Votre clé d’accès confirme que c’est bien vous.',
  'export.continue': 'Continuer',
  'export.cancel': 'Annuler',
  'phrase.title': 'Votre phrase de récupération',
  'phrase.done': 'Terminé',
  'recover.title': 'Récupérer votre portefeuille',
  'recover.intro':
    'Collez la clé de récupération enregistrée lors de la création de votre portefeuille, puis utilisez la clé d’accès de ce portefeuille. Rien ne quitte cette page.',
  'recover.keyLabel': 'Clé de récupération',
  'recover.submit': 'Récupérer avec ma clé d’accès',
  'recover.usePasskey': 'Utilisez votre clé d’accès…',
  'recover.done': 'Récupéré.',
  'recover.notAKey': 'Ce n’est pas une clé de récupération Gangway.',
  'recover.wrongPasskey': 'Cette clé de récupération ne s’ouvre pas avec cette clé d’accès.',
  'recover.yourWallet': 'Votre portefeuille',
  'recover.ethereumAddress': 'Adresse Ethereum',
  'recover.solanaAddress': 'Adresse Solana',
  'recover.phrase': 'Phrase de récupération',
  'recover.warning':
    'Quiconque possède la phrase de récupération peut dépenser depuis ce portefeuille. Importez-la uniquement dans un portefeuille de confiance, puis fermez cette page.',
}

const it: FrameMessages = {
  ...POPUP_COPY.it,
  'frame.title': 'Portafoglio Gangway',
  'create.title': 'Crea il tuo portafoglio',
  'create.body':
    'Il tuo portafoglio su {site} è protetto da una passkey su questo dispositivo. Nessun altro, nemmeno {walletOrigin}, può usarlo senza la passkey.',
  'create.button': 'Crea passkey',
  'recoveryKey.title': 'Conserva la chiave di recupero',
  'recoveryKey.body':
    'Con questa chiave e questa passkey puoi recuperare il tuo portafoglio su {recoverUrl}, anche quando il server del portafoglio non è raggiungibile. Conservala in un posto sicuro, come un gestore di password:',
  'recoveryKey.button': 'L’ho salvata',
  'approve.title': '{site} chiede: {method}',
  'approve.network': 'Rete: {chainId}',
  'approve.approve': 'Approva',
  'approve.reject': 'Rifiuta',
  'summary.signMessage': 'Firma questo messaggio:',
  'summary.signTypedData': 'Firma {primaryType} per {app}',
  'summary.signTypedDataNoApp': 'Firma {primaryType}',
  'summary.send': 'Invia {amount} {symbol} a {to}',
  'summary.callContract': 'Chiama il contratto {to} con {amount} {symbol} (dati {selector}…)',
  'summary.createAccount': 'Crea il conto {account} con {amount} {symbol}',
  'summary.sendToken': 'Invia {amount} del token {mint} al conto del token {to}',
  'summary.sendTokenBaseUnits': 'Invia {amount} unità di base di un token al conto del token {to}',
  'summary.createTokenAccount': 'Crea il conto del token {account} di {owner} per il token {mint}',
  'summary.computeBudget': 'Imposta la commissione e il limite di calcolo della transazione',
  'summary.memo': 'Promemoria: {memo}',
  'summary.callProgram': 'Chiama il programma {program} (conti: {count})',
  'export.title': 'Mostra la frase di recupero',
  'export.body':
    'Chiunque conosca queste parole può spendere dal tuo portafoglio. Assicurati che nessuno veda lo schermo. La passkey conferma che sei tu.',
  'export.continue': 'Continua',
  'export.cancel': 'Annulla',
  'phrase.title': 'La tua frase di recupero',
  'phrase.done': 'Fatto',
  'recover.title': 'Recupera il tuo portafoglio',
  'recover.intro':
    'Incolla la chiave di recupero salvata quando hai creato il portafoglio, poi usa la passkey di questo portafoglio. Nulla lascia questa pagina.',
  'recover.keyLabel': 'Chiave di recupero',
  'recover.submit': 'Recupera con la mia passkey',
  'recover.usePasskey': 'Usa la tua passkey…',
  'recover.done': 'Recuperato.',
  'recover.notAKey': 'Questa non è una chiave di recupero Gangway.',
  'recover.wrongPasskey': 'Questa chiave di recupero non si apre con questa passkey.',
  'recover.yourWallet': 'Il tuo portafoglio',
  'recover.ethereumAddress': 'Indirizzo Ethereum',
  'recover.solanaAddress': 'Indirizzo Solana',
  'recover.phrase': 'Frase di recupero',
  'recover.warning':
    'Chiunque abbia la frase di recupero può spendere da questo portafoglio. Importala solo in un portafoglio di cui ti fidi, poi chiudi questa pagina.',
}

const pt: FrameMessages = {
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

const ja: FrameMessages = {
  ...POPUP_COPY.ja,
  'frame.title': 'Gangway ウォレット',
  'create.title': 'ウォレットを作成',
  'create.body':
    '{site} のウォレットはこのデバイスのパスキーで保護されています。パスキーがなければ、{walletOrigin} を含め誰も使用できません。',
  'create.button': 'パスキーを作成',
  'recoveryKey.title': '復元キーを保管してください',
  'recoveryKey.body':
    'このキーとこのパスキーがあれば、ウォレットのサーバーが停止していても {recoverUrl} でウォレットを復元できます。パスワードマネージャーなど安全な場所に保管してください:',
  'recoveryKey.button': '保存しました',
  'approve.title': '{site} からの依頼: {method}',
  'approve.network': 'ネットワーク: {chainId}',
  'approve.approve': '承認',
  'approve.reject': '拒否',
  'summary.signMessage': 'このメッセージに署名:',
  'summary.signTypedData': '{app} の {primaryType} に署名',
  'summary.signTypedDataNoApp': '{primaryType} に署名',
  'summary.send': '{amount} {symbol} を {to} に送金',
  'summary.callContract':
    'コントラクト {to} を {amount} {symbol} 付きで呼び出し（データ {selector}…）',
  'summary.createAccount': 'アカウント {account} を {amount} {symbol} で作成',
  'summary.sendToken': 'トークン {mint} を {amount} トークンアカウント {to} に送金',
  'summary.sendTokenBaseUnits': 'トークンの基本単位 {amount} をトークンアカウント {to} に送金',
  'summary.createTokenAccount':
    'トークン {mint} 用に {owner} のトークンアカウント {account} を作成',
  'summary.computeBudget': 'トランザクションの手数料と計算上限を設定',
  'summary.memo': 'メモ: {memo}',
  'summary.callProgram': 'プログラム {program} を呼び出し（アカウント数: {count}）',
  'export.title': '復元フレーズを表示',
  'export.body':
    'これらの単語を知っている人は誰でもウォレットから送金できます。画面を誰にも見られないようにしてください。パスキーで本人確認を行います。',
  'export.continue': '続行',
  'export.cancel': 'キャンセル',
  'phrase.title': 'あなたの復元フレーズ',
  'phrase.done': '完了',
  'recover.title': 'ウォレットを復元',
  'recover.intro':
    'ウォレット作成時に保存した復元キーを貼り付けてから、このウォレットのパスキーを使用してください。このページから外部には何も送信されません。',
  'recover.keyLabel': '復元キー',
  'recover.submit': 'パスキーで復元',
  'recover.usePasskey': 'パスキーを使用してください…',
  'recover.done': '復元しました。',
  'recover.notAKey': 'これは Gangway の復元キーではありません。',
  'recover.wrongPasskey': 'この復元キーはこのパスキーでは開けません。',
  'recover.yourWallet': 'あなたのウォレット',
  'recover.ethereumAddress': 'Ethereum アドレス',
  'recover.solanaAddress': 'Solana アドレス',
  'recover.phrase': '復元フレーズ',
  'recover.warning':
    '復元フレーズを知っている人は誰でもこのウォレットから送金できます。信頼できるウォレットにのみインポートし、その後このページを閉じてください。',
}

const zhCN: FrameMessages = {
  ...POPUP_COPY['zh-CN'],
  'frame.title': 'Gangway 钱包',
  'create.title': '创建钱包',
  'create.body':
    '你在 {site} 上的钱包由此设备上的通行密钥保护。没有通行密钥，任何人（包括 {walletOrigin}）都无法使用它。',
  'create.button': '创建通行密钥',
  'recoveryKey.title': '保管好你的恢复密钥',
  'recoveryKey.body':
    '凭它和此通行密钥，即使钱包服务器宕机，你也可以在 {recoverUrl} 恢复钱包。请将其保存在安全的地方，例如密码管理器：',
  'recoveryKey.button': '我已保存',
  'approve.title': '{site} 请求：{method}',
  'approve.network': '网络：{chainId}',
  'approve.approve': '批准',
  'approve.reject': '拒绝',
  'summary.signMessage': '签署此消息：',
  'summary.signTypedData': '为 {app} 签署 {primaryType}',
  'summary.signTypedDataNoApp': '签署 {primaryType}',
  'summary.send': '向 {to} 发送 {amount} {symbol}',
  'summary.callContract': '调用合约 {to}，附带 {amount} {symbol}（数据 {selector}…）',
  'summary.createAccount': '创建账户 {account}，存入 {amount} {symbol}',
  'summary.sendToken': '向代币账户 {to} 发送代币 {mint}，数量 {amount}',
  'summary.sendTokenBaseUnits': '向代币账户 {to} 发送某代币的 {amount} 个基本单位',
  'summary.createTokenAccount': '为代币 {mint} 创建 {owner} 的代币账户 {account}',
  'summary.computeBudget': '设置交易的手续费和计算上限',
  'summary.memo': '备注：{memo}',
  'summary.callProgram': '调用程序 {program}（账户数：{count}）',
  'export.title': '显示恢复短语',
  'export.body':
    '任何知道这些单词的人都可以动用你钱包中的资产。请确保没有人能看到你的屏幕。你的通行密钥将确认是你本人。',
  'export.continue': '继续',
  'export.cancel': '取消',
  'phrase.title': '你的恢复短语',
  'phrase.done': '完成',
  'recover.title': '恢复钱包',
  'recover.intro':
    '粘贴你在创建钱包时保存的恢复密钥，然后使用此钱包的通行密钥。任何内容都不会离开此页面。',
  'recover.keyLabel': '恢复密钥',
  'recover.submit': '使用我的通行密钥恢复',
  'recover.usePasskey': '请使用你的通行密钥…',
  'recover.done': '已恢复。',
  'recover.notAKey': '这不是 Gangway 恢复密钥。',
  'recover.wrongPasskey': '此恢复密钥无法用此通行密钥打开。',
  'recover.yourWallet': '你的钱包',
  'recover.ethereumAddress': 'Ethereum 地址',
  'recover.solanaAddress': 'Solana 地址',
  'recover.phrase': '恢复短语',
  'recover.warning':
    '任何拥有恢复短语的人都可以动用此钱包中的资产。只将其导入你信任的钱包，然后关闭此页面。',
}

const ko: FrameMessages = {
  ...POPUP_COPY.ko,
  'frame.title': 'Gangway 지갑',
  'create.title': '지갑 만들기',
  'create.body':
    '{site}의 지갑은 이 기기의 패스키로 보호됩니다. 패스키 없이는 {walletOrigin}을(를) 포함한 누구도 사용할 수 없습니다.',
  'create.button': '패스키 만들기',
  'recoveryKey.title': '복구 키를 보관하세요',
  'recoveryKey.body':
    '이 키와 이 패스키가 있으면 지갑 서버가 중단된 동안에도 {recoverUrl}에서 지갑을 복구할 수 있습니다. 비밀번호 관리자처럼 안전한 곳에 보관하세요:',
  'recoveryKey.button': '저장했습니다',
  'approve.title': '{site}의 요청: {method}',
  'approve.network': '네트워크: {chainId}',
  'approve.approve': '승인',
  'approve.reject': '거부',
  'summary.signMessage': '이 메시지에 서명:',
  'summary.signTypedData': '{app}의 {primaryType}에 서명',
  'summary.signTypedDataNoApp': '{primaryType}에 서명',
  'summary.send': '{to}(으)로 {amount} {symbol} 보내기',
  'summary.callContract': '{amount} {symbol}(으)로 컨트랙트 {to} 호출 (데이터 {selector}…)',
  'summary.createAccount': '{amount} {symbol}(으)로 계정 {account} 만들기',
  'summary.sendToken': '토큰 {mint} {amount}을(를) 토큰 계정 {to}(으)로 보내기',
  'summary.sendTokenBaseUnits': '토큰의 기본 단위 {amount}을(를) 토큰 계정 {to}(으)로 보내기',
  'summary.createTokenAccount': '토큰 {mint}에 대한 {owner}의 토큰 계정 {account} 만들기',
  'summary.computeBudget': '트랜잭션 수수료와 연산 한도 설정',
  'summary.memo': '메모: {memo}',
  'summary.callProgram': '프로그램 {program} 호출 (계정 수: {count})',
  'export.title': '복구 문구 보기',
  'export.body':
    '이 단어를 아는 사람은 누구나 지갑에서 자산을 보낼 수 있습니다. 아무도 화면을 볼 수 없는지 확인하세요. 패스키로 본인임을 확인합니다.',
  'export.continue': '계속',
  'export.cancel': '취소',
  'phrase.title': '복구 문구',
  'phrase.done': '완료',
  'recover.title': '지갑 복구',
  'recover.intro':
    '지갑을 만들 때 저장한 복구 키를 붙여 넣은 다음 이 지갑의 패스키를 사용하세요. 이 페이지 밖으로 전송되는 것은 없습니다.',
  'recover.keyLabel': '복구 키',
  'recover.submit': '내 패스키로 복구',
  'recover.usePasskey': '패스키를 사용하세요…',
  'recover.done': '복구되었습니다.',
  'recover.notAKey': 'Gangway 복구 키가 아닙니다.',
  'recover.wrongPasskey': '이 복구 키는 이 패스키로 열리지 않습니다.',
  'recover.yourWallet': '내 지갑',
  'recover.ethereumAddress': 'Ethereum 주소',
  'recover.solanaAddress': 'Solana 주소',
  'recover.phrase': '복구 문구',
  'recover.warning':
    '복구 문구를 가진 사람은 누구나 이 지갑에서 자산을 보낼 수 있습니다. 신뢰하는 지갑에만 가져온 다음 이 페이지를 닫으세요.',
}

const tr: FrameMessages = {
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

const ru: FrameMessages = {
  ...POPUP_COPY.ru,
  'frame.title': 'Кошелёк Gangway',
  'create.title': 'Создайте кошелёк',
  'create.body':
    'Ваш кошелёк на {site} защищён ключом доступа на этом устройстве. Никто другой, даже {walletOrigin}, не может воспользоваться им без ключа доступа.',
  'create.button': 'Создать ключ доступа',
  'recoveryKey.title': 'Сохраните ключ восстановления',
  'recoveryKey.body':
    'С ним и этим ключом доступа вы сможете восстановить кошелёк на {recoverUrl}, даже когда сервер кошелька недоступен. Храните его в надёжном месте, например в менеджере паролей:',
  'recoveryKey.button': 'Я сохранил его',
  'approve.title': '{site} запрашивает: {method}',
  'approve.network': 'Сеть: {chainId}',
  'approve.approve': 'Одобрить',
  'approve.reject': 'Отклонить',
  'summary.signMessage': 'Подписать это сообщение:',
  'summary.signTypedData': 'Подписать {primaryType} для {app}',
  'summary.signTypedDataNoApp': 'Подписать {primaryType}',
  'summary.send': 'Отправить {amount} {symbol} на {to}',
  'summary.callContract': 'Вызвать контракт {to} с {amount} {symbol} (данные {selector}…)',
  'summary.createAccount': 'Создать аккаунт {account} с {amount} {symbol}',
  'summary.sendToken': 'Отправить токен {mint} в количестве {amount} на токен-аккаунт {to}',
  'summary.sendTokenBaseUnits': 'Отправить базовые единицы токена ({amount}) на токен-аккаунт {to}',
  'summary.createTokenAccount':
    'Создать токен-аккаунт {account} владельца {owner} для токена {mint}',
  'summary.computeBudget': 'Задать комиссию и лимит вычислений транзакции',
  'summary.memo': 'Заметка: {memo}',
  'summary.callProgram': 'Вызвать программу {program} (аккаунтов: {count})',
  'export.title': 'Показать фразу восстановления',
  'export.body':
    'Любой, кто знает эти слова, может тратить средства из вашего кошелька. Убедитесь, что никто не видит ваш экран. Ключ доступа подтвердит, что это вы.',
  'export.continue': 'Продолжить',
  'export.cancel': 'Отмена',
  'phrase.title': 'Ваша фраза восстановления',
  'phrase.done': 'Готово',
  'recover.title': 'Восстановление кошелька',
  'recover.intro':
    'Вставьте ключ восстановления, сохранённый при создании кошелька, затем воспользуйтесь ключом доступа этого кошелька. Ничто не покидает эту страницу.',
  'recover.keyLabel': 'Ключ восстановления',
  'recover.submit': 'Восстановить с моим ключом доступа',
  'recover.usePasskey': 'Воспользуйтесь ключом доступа…',
  'recover.done': 'Восстановлено.',
  'recover.notAKey': 'Это не ключ восстановления Gangway.',
  'recover.wrongPasskey': 'Этот ключ восстановления не открывается этим ключом доступа.',
  'recover.yourWallet': 'Ваш кошелёк',
  'recover.ethereumAddress': 'Адрес Ethereum',
  'recover.solanaAddress': 'Адрес Solana',
  'recover.phrase': 'Фраза восстановления',
  'recover.warning':
    'Любой, у кого есть фраза восстановления, может тратить средства из этого кошелька. Импортируйте её только в кошелёк, которому доверяете, затем закройте эту страницу.',
}

const ar: FrameMessages = {
  ...POPUP_COPY.ar,
  'frame.title': 'محفظة Gangway',
  'create.title': 'أنشئ محفظتك',
  'create.body':
    'محفظتك على {site} محمية بمفتاح مرور على هذا الجهاز. لا يمكن لأحد غيرك، ولا حتى {walletOrigin}، استخدامها دون مفتاح المرور.',
  'create.button': 'إنشاء مفتاح مرور',
  'recoveryKey.title': 'احتفظ بمفتاح الاسترداد',
  'recoveryKey.body':
    'به وبمفتاح المرور هذا يمكنك استرداد محفظتك على {recoverUrl} حتى أثناء تعطل خادم المحفظة. احفظه في مكان آمن، مثل مدير كلمات المرور:',
  'recoveryKey.button': 'لقد حفظته',
  'approve.title': '{site} يطلب: {method}',
  'approve.network': 'الشبكة: {chainId}',
  'approve.approve': 'موافقة',
  'approve.reject': 'رفض',
  'summary.signMessage': 'توقيع هذه الرسالة:',
  'summary.signTypedData': 'توقيع {primaryType} لصالح {app}',
  'summary.signTypedDataNoApp': 'توقيع {primaryType}',
  'summary.send': 'إرسال {amount} {symbol} إلى {to}',
  'summary.callContract': 'استدعاء العقد {to} مع {amount} {symbol} (البيانات {selector}…)',
  'summary.createAccount': 'إنشاء الحساب {account} بمبلغ {amount} {symbol}',
  'summary.sendToken': 'إرسال {amount} من الرمز المميز {mint} إلى حساب الرمز {to}',
  'summary.sendTokenBaseUnits': 'إرسال {amount} من الوحدات الأساسية لرمز مميز إلى حساب الرمز {to}',
  'summary.createTokenAccount': 'إنشاء حساب الرمز {account} لـ {owner} للرمز المميز {mint}',
  'summary.computeBudget': 'تحديد رسوم المعاملة وحد الحوسبة',
  'summary.memo': 'ملاحظة: {memo}',
  'summary.callProgram': 'استدعاء البرنامج {program} (الحسابات: {count})',
  'export.title': 'إظهار عبارة الاسترداد',
  'export.body':
    'يستطيع أي شخص يعرف هذه الكلمات الإنفاق من محفظتك. تأكد من أن أحدًا لا يرى شاشتك. يؤكد مفتاح المرور أنك أنت.',
  'export.continue': 'متابعة',
  'export.cancel': 'إلغاء',
  'phrase.title': 'عبارة الاسترداد الخاصة بك',
  'phrase.done': 'تم',
  'recover.title': 'استرداد محفظتك',
  'recover.intro':
    'الصق مفتاح الاسترداد الذي حفظته عند إنشاء محفظتك، ثم استخدم مفتاح المرور الخاص بهذه المحفظة. لا يغادر أي شيء هذه الصفحة.',
  'recover.keyLabel': 'مفتاح الاسترداد',
  'recover.submit': 'الاسترداد بمفتاح المرور الخاص بي',
  'recover.usePasskey': 'استخدم مفتاح المرور…',
  'recover.done': 'تم الاسترداد.',
  'recover.notAKey': 'هذا ليس مفتاح استرداد من Gangway.',
  'recover.wrongPasskey': 'لا يُفتح مفتاح الاسترداد هذا بمفتاح المرور هذا.',
  'recover.yourWallet': 'محفظتك',
  'recover.ethereumAddress': 'عنوان Ethereum',
  'recover.solanaAddress': 'عنوان Solana',
  'recover.phrase': 'عبارة الاسترداد',
  'recover.warning':
    'يستطيع أي شخص لديه عبارة الاسترداد الإنفاق من هذه المحفظة. استوردها فقط إلى محفظة تثق بها، ثم أغلق هذه الصفحة.',
}

/** Every language the wallet origin speaks, by the tag the kit ships it under. */
export const FRAME_COPY: Readonly<Record<string, FrameMessages>> = {
  en,
  de,
  es,
  fr,
  it,
  pt,
  ja,
  'zh-CN': zhCN,
  ko,
  tr,
  ru,
  ar,
}

/** A language the wallet origin speaks: its tag, its texts and the direction they run in. */
export type FrameLanguage = PageLanguage<FrameMessages>

/**
 * The language to show for the visitor's preferences, in order (the kit's language, or the
 * browser's `navigator.languages`): the first one the wallet origin speaks, else English. Anything
 * that is no language tag is passed over.
 * @param requested - BCP 47 tags, most preferred first.
 * @returns the language.
 */
export const frameLanguage = (requested: readonly unknown[]): FrameLanguage =>
  pickLanguage(FRAME_COPY, requested)

/**
 * One text in a language, its `{name}` placeholders filled (a value is never read as a pattern).
 * @param language - the language.
 * @param id - the text's id.
 * @param values - the placeholders' values.
 * @returns the text.
 */
export function frameText(
  language: FrameLanguage,
  id: FrameMessageId,
  values: Readonly<Record<string, string>> = {},
): string {
  const text = language.messages[id] ?? en[id]
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
