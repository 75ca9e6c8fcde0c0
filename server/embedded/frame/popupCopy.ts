/**
 * The login popup's own texts in the twelve languages, apart from the rest of the wallet origin's
 * catalogue (`copy.ts` spreads them into it): the popup's pinned script bundles only this module,
 * not the frame's and the recovery page's texts it never shows.
 * @module
 */

/** The popup's English texts (the reference for its ids). */
export const POPUP_ENGLISH = {
  'popup.title': 'Gangway login',
  'popup.waiting': 'Connecting…',
  'popup.done': 'You are signed in. You can close this window.',
} as const

/** The popup's texts by id, in one language. */
export type PopupMessages = Readonly<Record<keyof typeof POPUP_ENGLISH, string>>

/** The popup's texts by shipped language tag. */
export const POPUP_COPY = {
  en: POPUP_ENGLISH,
  de: {
    'popup.title': 'Gangway-Anmeldung',
    'popup.waiting': 'Verbindung wird hergestellt…',
    'popup.done': 'Sie sind angemeldet. Sie können dieses Fenster schließen.',
  },
  es: {
    'popup.title': 'Inicio de sesión en Gangway',
    'popup.waiting': 'Conectando…',
    'popup.done': 'Has iniciado sesión. Puedes cerrar esta ventana.',
  },
  fr: {
    'popup.title': 'Connexion Gangway',
    'popup.waiting': 'Connexion…',
    'popup.done': 'Vous êtes connecté. Vous pouvez fermer cette fenêtre.',
  },
  it: {
    'popup.title': 'Accesso a Gangway',
    'popup.waiting': 'Connessione in corso…',
    'popup.done': 'Hai effettuato l’accesso. Puoi chiudere questa finestra.',
  },
  pt: {
    'popup.title': 'Login no Gangway',
    'popup.waiting': 'Conectando…',
    'popup.done': 'Você entrou. Pode fechar esta janela.',
  },
  ja: {
    'popup.title': 'Gangway ログイン',
    'popup.waiting': '接続中…',
    'popup.done': 'ログインしました。このウィンドウを閉じてかまいません。',
  },
  'zh-CN': {
    'popup.title': 'Gangway 登录',
    'popup.waiting': '正在连接…',
    'popup.done': '你已登录，可以关闭此窗口。',
  },
  ko: {
    'popup.title': 'Gangway 로그인',
    'popup.waiting': '연결 중…',
    'popup.done': '로그인되었습니다. 이 창을 닫아도 됩니다.',
  },
  tr: {
    'popup.title': 'Gangway girişi',
    'popup.waiting': 'Bağlanıyor…',
    'popup.done': 'Giriş yaptınız. Bu pencereyi kapatabilirsiniz.',
  },
  ru: {
    'popup.title': 'Вход в Gangway',
    'popup.waiting': 'Подключение…',
    'popup.done': 'Вы вошли. Это окно можно закрыть.',
  },
  ar: {
    'popup.title': 'تسجيل الدخول إلى Gangway',
    'popup.waiting': 'جارٍ الاتصال…',
    'popup.done': 'لقد سجّلت الدخول. يمكنك إغلاق هذه النافذة.',
  },
} as const satisfies Readonly<Record<string, PopupMessages>>
