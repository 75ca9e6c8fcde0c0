import { describe, expect, it } from 'vitest'
import { adapterCapability } from './capabilities.js'
import type { ChainAdapter } from './types.js'

interface Echo {
  echo(text: string): Promise<string>
  shout(text: string): Promise<string>
}

const base: ChainAdapter = {
  connectors: () => [],
  connect: async () => {
    throw new Error('not used')
  },
  disconnect: async () => undefined,
}

describe('adapterCapability', () => {
  it('behavior: a feature reaches the methods a plugin offers under the name it declared', async () => {
    const adapter: ChainAdapter = {
      ...base,
      capabilities: {
        echo: {
          echo: async (text: string) => text,
          shout: async (text: string) => text.toUpperCase(),
        },
      },
    }
    const echo = adapterCapability<Echo>(adapter, 'echo', ['echo', 'shout'])
    expect(await echo?.shout('gangway')).toBe('GANGWAY')
  })

  it('behavior: half an implementation, another name or no adapter is no capability at all', () => {
    const half: ChainAdapter = { ...base, capabilities: { echo: { echo: async () => '' } } }
    expect(adapterCapability<Echo>(half, 'echo', ['echo', 'shout'])).toBeUndefined()
    expect(adapterCapability<Echo>(half, 'other', ['echo'])).toBeUndefined()
    expect(adapterCapability<Echo>(base, 'echo', ['echo'])).toBeUndefined()
    expect(adapterCapability<Echo>(undefined, 'echo', ['echo'])).toBeUndefined()
  })
})
