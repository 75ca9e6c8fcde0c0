/**
 * Issue #21: the kernel is feature-blind and the UI names no feature. An import circle that
 * spans two layers means one of them cannot be read, tested or shipped without the other.
 */
import { expect, test } from 'vitest'
import { importCircles, sourceImportEdges } from '../support/importGraph.js'

const circles = importCircles(sourceImportEdges('src'))
const layerOf = (file: string) => file.split('/').slice(1, 2)[0]!

test.each([
  ['kernel', 'features'],
  ['ui', 'features'],
  ['kernel', 'ui'],
  ['kernel', 'plugins'],
])('behavior: no import circle spans %s and %s', (first, second) => {
  const spanning = circles.filter(
    (circle) =>
      circle.some((file) => layerOf(file) === first) &&
      circle.some((file) => layerOf(file) === second),
  )
  expect(
    spanning.map((circle) => `${circle.length} files: ${circle.slice(0, 6).join(', ')}…`),
  ).toEqual([])
})

test('behavior: nothing under src/kernel imports src/features, src/ui, src/plugins or src/preset', () => {
  const edges = sourceImportEdges('src/kernel')
  const outward = [...edges].flatMap(([file, targets]) =>
    [...targets]
      .filter((target) => /^src\/(features|ui|plugins|preset)\//.test(target))
      .map((target) => `${file} → ${target}`),
  )
  expect(outward).toEqual([])
})

test('behavior: feature views reach the React layer only through its documented toolkit (the @gangway/kit/react entry)', () => {
  const edges = sourceImportEdges('src/features')
  const inward = [...edges].flatMap(([file, targets]) =>
    [...targets]
      .filter((target) => target.startsWith('src/ui/') && target !== 'src/ui/index.ts')
      .map((target) => `${file} → ${target}`),
  )
  expect(inward).toEqual([])
})

test('behavior: nothing under src/ui imports a feature', () => {
  const edges = sourceImportEdges('src/ui')
  const outward = [...edges].flatMap(([file, targets]) =>
    [...targets]
      .filter((target) => /^src\/(features|preset)\//.test(target))
      .map((target) => `${file} → ${target}`),
  )
  expect(outward).toEqual([])
})
