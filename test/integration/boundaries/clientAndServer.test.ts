/**
 * The line between the client and the servers: the Gangway server (`server/`) and a site's
 * sign-in verifier (`@gangway/kit/siwx-server`) depend on no client feature. What they share with
 * the kit lives outside the features: the sign-in core (`src/siwx/`) and the convert API's wire
 * schemas and rules (`src/services/gangway/`); the pool arithmetic is the server's own
 * (`server/convert/math.ts`).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { dependencyEdges } from '../../support/importGraph.js'

/** The source files under a folder, tests and build output left out. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test(-d)?\.tsx?$/.test(file) &&
        !/(^|\/)(node_modules|dist)\//.test(file),
    )
    .map((file) => join(folder, file))
}

/**
 * The kernel is not followed: whether the kernel reaches the features is the kernel's own line
 * (issue 21's feature-blind kernel), held by its own test. Everything else the servers reach is.
 */
const outsideTheKernel = (file: string) => !file.startsWith('src/kernel/')

const featureImports = (entries: readonly string[]) =>
  dependencyEdges(entries, outsideTheKernel)
    .filter(({ to }) => to.startsWith('src/features/'))
    .map(({ from, to }) => `${from} → ${to}`)

test('behavior: nothing the Gangway server is built from imports a client feature', () => {
  const entries = sourcesUnder('server')
  expect(entries).toContain('server/convert/service.ts')
  expect(entries).toContain('server/sessions/routes.ts')
  expect(featureImports(entries)).toEqual([])
})

test('behavior: @gangway/kit/siwx-server imports no client feature; its verification is the sign-in core', () => {
  const entries = sourcesUnder('src/siwx-server')
  expect(featureImports(entries)).toEqual([])
  const reached = dependencyEdges(entries, outsideTheKernel).map(({ to }) => to)
  expect(reached).toContain('src/siwx/verifySession.ts')
})

test('behavior: the sign-in core depends on nothing of ours but itself and the kernel’s surface', () => {
  const reached = dependencyEdges(sourcesUnder('src/siwx'), outsideTheKernel).map(({ to }) => to)
  expect([...new Set(reached.filter((file) => !file.startsWith('src/siwx/')))]).toEqual([
    'src/kernel/index.ts',
  ])
})
