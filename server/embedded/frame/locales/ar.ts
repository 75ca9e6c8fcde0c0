import type { FrameMessages } from '../copy.js'
import { POPUP_COPY } from '../popupCopy.js'

/** The wallet origin's texts in Arabic (right to left). */
export const ar: FrameMessages = {
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
