/**
 * The sign-in (siwx) feature's copy in Russian, fetched the first time a page shows the feature in
 * that language.
 * @module
 */

/** The sign-in (siwx) feature's copy in Russian. */
export const ru: Readonly<Record<string, string>> = Object.freeze({
  'siwx.title': 'Вход',
  'siwx.cancel': 'Отменить вход',
  'siwx.explain': 'Этот сайт просит вас войти с помощью кошелька.',
  'siwx.site': 'Сайт',
  'siwx.account': 'Аккаунт',
  'siwx.network': 'Сеть',
  'siwx.statement': 'Сообщение',
  'siwx.otherSite':
    'Это сообщение предназначено для {domain}, а не для {page} — страницы, на которой вы находитесь. Подписывайте, только если доверяете ему.',
  'siwx.free':
    'Подпись подтверждает, что аккаунт принадлежит вам. Это бесплатно, и никакая транзакция не отправляется.',
  'siwx.sign': 'Войти',
  'siwx.signing': 'Ожидание кошелька…',
  'error.SIWX_NOT_ENABLED': 'Вход через кошелёк не включён',
  'error.SIWX_VERIFICATION_FAILED': 'Не удалось проверить вход',
  'siwx.requiredNotice': 'Этот сайт требует входа. Войдите или отмените вход, чтобы отключиться.',
  'siwx.signedIn': 'Вход выполнен с этим аккаунтом',
  'siwx.signedOut': 'Вход не выполнен',
  'siwx.signOut': 'Выйти',
  'siwx.signInAgain': 'Войти',
})
