import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Russian. */
export const ru: FrameMessages = {
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
