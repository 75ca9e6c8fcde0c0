/** Shared by the namespace reducer tests (`namespaces.*.test.ts`). */
import type { fold } from '../../../test/support/events.js'

/** The account state of `namespace` (the toy chain unless told). */
export const account = (state: ReturnType<typeof fold>, namespace = 'toychain') =>
  state.namespaces.entities[namespace]!.accountState
