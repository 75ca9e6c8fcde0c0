/**
 * The embedded wallet feature's copy, by BCP 47 language tag. It loads with the feature's views.
 * @module
 */

/** The embedded wallet feature's copy. */
export const embeddedWalletMessages = {
  en: {
    'embeddedWallet.emailTitle': 'Continue with email',
    'embeddedWallet.emailLabel': 'Email',
    'embeddedWallet.continue': 'Continue',
    'embeddedWallet.sending': 'Sending a code…',
    'embeddedWallet.otpTitle': 'Enter the code',
    'embeddedWallet.otpExplain': 'We sent a code to {email}.',
    'embeddedWallet.otpLabel': 'Code',
    'embeddedWallet.verify': 'Verify',
    'embeddedWallet.deviceTitle': 'Approve this device',
    'embeddedWallet.deviceExplain': 'Open the link we sent to {email} to approve this device.',
    'embeddedWallet.socialTitle': 'Continue with a social account',
    'embeddedWallet.socialWith': 'Continue with {provider}',
    'embeddedWallet.socialWaiting': 'Finish signing in in the window that opened.',
    'embeddedWallet.smartAccountLater':
      'Smart accounts are not available with email or social login yet: this account is a standard one (eoa).',
  },
} as const
