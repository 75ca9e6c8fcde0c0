import type { TestProject } from 'vitest/node'
import { type DemoConfig, startDemo } from '../../demo/serve.js'
import { ensureChromium } from './support/chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running browser demo: its page URL and the config baked into the page. */
    demo: { url: string; config: DemoConfig }
  }
}

/**
 * Makes sure Chromium is installed, then starts the demo (two anvil nodes, the demo token and
 * the Vite dev server) once for every end-to-end test file; the teardown stops it all.
 */
export default async function setup(project: TestProject) {
  await ensureChromium()
  const demo = await startDemo()
  project.provide('demo', { url: demo.url, config: demo.config })
  return async () => {
    await demo.stop()
  }
}
