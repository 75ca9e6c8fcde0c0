import { describe, expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { KitError } from '../../kernel/index.js'

describe('§5 email login: valid email, 30 s cooldown', () => {
  test('default', async () => {
    const { kit, env } = createTestKit()
    await kit.features.emailLogin.request('visitor@site.example')
    await expect(kit.features.emailLogin.request('visitor@site.example')).rejects.toThrowError(
      'Please try again after 30 seconds',
    )
    env.advance(12_000)
    const error = await kit.features.emailLogin
      .request('visitor@site.example')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(KitError)
    expect((error as KitError).userMessage).toBe('Please try again after 18 seconds')
    env.advance(18_000)
    await expect(kit.features.emailLogin.request('visitor@site.example')).resolves.toBeUndefined()
  })

  test('behavior: an invalid email is refused with a validation error and nothing is recorded', async () => {
    const { kit } = createTestKit()
    await kit.loadFeature('emailLogin')
    const seq = kit.log.lastSeq()
    const state = kit.getState()
    await expect(kit.features.emailLogin.request('not-an-email')).rejects.toThrowError(
      /Invalid input/,
    )
    expect(kit.log.lastSeq()).toBe(seq)
    expect(kit.getState()).toBe(state)
  })
})
