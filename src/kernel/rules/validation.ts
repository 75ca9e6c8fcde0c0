/**
 * §5 validation rules as zod schemas and pure checks. Chain-specific address formats live in each
 * plugin's `schemas.ts`; these are the rules that hold for every namespace.
 * @module
 */
import * as z from 'zod/mini'
import { parseCaipAddress } from '../caip.js'
import { LIMITS, SOCIAL_PROVIDERS, type SocialProvider } from '../constants.js'

/**
 * §5 name to register: at least 4 characters, only letters, digits and hyphen.
 * @example
 * import { nameToRegisterSchema } from '@gangway/kit'
 * nameToRegisterSchema.safeParse('my-name').success // true
 */
export const nameToRegisterSchema = z
  .string()
  .check(z.minLength(LIMITS.nameMinLength), z.regex(/^[A-Za-z0-9-]+$/))

/**
 * §5 chain id for name registration: a non-negative integer below 2147483648.
 * @example
 * import { registrationChainIdSchema } from '@gangway/kit'
 * registrationChainIdSchema.safeParse(2147483648).success // false
 */
export const registrationChainIdSchema = z
  .number()
  .check(z.int(), z.gte(0), z.lt(LIMITS.registrationChainIdLimit))

/**
 * A CAIP-10 account id whose namespace is one of `namespaces` (§5 "exactly three non-empty parts
 * with a known namespace"). The kit builds one from its registered plugins.
 * @example
 * import { caipAddressSchema } from '@gangway/kit'
 * caipAddressSchema(['eip155']).safeParse('eip155:1:0xabc').success // true
 * @param namespaces - the known namespaces.
 * @returns the schema.
 */
export function caipAddressSchema(namespaces: readonly string[]) {
  const known = new Set(namespaces)
  return z.string().check(
    z.refine((value) => {
      const parsed = parseCaipAddress(value)
      return parsed !== undefined && known.has(parsed.namespace)
    }),
  )
}

/**
 * An amount typed by a visitor: a decimal number greater than 0 (§5 "Swap amount must be greater
 * than 0", send amounts). Accepts `1`, `0.5`, `.5`; rejects `0`, `-1`, `1e3`, `1,5`, empty.
 * @example
 * import { amountSchema } from '@gangway/kit'
 * amountSchema.safeParse('0.0').success // false
 */
export const amountSchema = z.string().check(
  z.regex(/^(\d+\.?\d*|\.\d+)$/),
  z.refine((value) => /[1-9]/.test(value), { error: 'Invalid input' }),
)

/**
 * §5 embedded login email: a valid email address.
 * @example
 * import { emailSchema } from '@gangway/kit'
 * emailSchema.safeParse('a@b.co').success // true
 */
export const emailSchema = z.email()

/** §5 embedded login one-time code: a string. */
export const otpSchema = z.string()

const hexPrefixed = z.string().check(z.startsWith('0x'))

/**
 * §5 a `wallet_sendCalls` call list: each call's `to` and `data` start with 0x.
 * @example
 * import { walletSendCallsSchema } from '@gangway/kit'
 * walletSendCallsSchema.safeParse({ calls: [{ to: '0x1', data: '0x' }] }).success // true
 */
export const walletSendCallsSchema = z.object({
  calls: z.array(z.object({ to: hexPrefixed, data: hexPrefixed, value: z.optional(z.string()) })),
})

/** Where Telegram's mini-app runs, for §5 social filtering. */
export type TelegramPlatform = 'ios' | 'mac' | 'android' | 'other'

/**
 * §5 on Telegram, some social logins cannot complete: iOS removes google; Mac removes x; Android
 * removes facebook and x. Outside Telegram the list is unchanged.
 * @example
 * import { filterSocialsForTelegram } from '@gangway/kit'
 * filterSocialsForTelegram(['google', 'x'], 'ios') // ['x']
 * @param socials - the configured providers.
 * @param platform - the Telegram platform, or `null` outside Telegram.
 * @returns the providers that can be offered.
 */
export function filterSocialsForTelegram(
  socials: readonly SocialProvider[],
  platform: TelegramPlatform | null,
): SocialProvider[] {
  if (platform === null) return [...socials]
  const removed: Record<TelegramPlatform, readonly SocialProvider[]> = {
    ios: ['google'],
    mac: ['x'],
    android: ['facebook', 'x'],
    other: [],
  }
  return socials.filter((social) => !removed[platform].includes(social))
}

/** Every social provider, for options that do not say. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = SOCIAL_PROVIDERS
