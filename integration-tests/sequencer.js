const Sequencer = require("@jest/test-sequencer").default

/**
 * The http suite runs its files three at a time, and lasts as long as its busiest worker. Jest
 * starts the files it has timed as slowest first; without timings (a clean clone, as in CI)
 * it goes by file size, and the money model, the slowest file by far in one of the smallest,
 * came last and ran alone while the other worker sat idle. Files named here always start first.
 */
const LONGEST = ["integration-tests/http/money-model.spec.ts"]

/**
 * Files named here always start last. The browser suite's admin.spec.ts leaves the demo it
 * shares with checkout.spec.ts without its sandbox (its diagnosis test replaces the demo's
 * sandbox with one of its own, closed in its afterAll).
 */
const LAST = ["integration-tests/browser/admin.spec.ts"]

const named = (paths) => (test) => paths.some((path) => test.path.endsWith(path))

module.exports = class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    const first = sorted.filter(named(LONGEST))
    const last = sorted.filter(named(LAST))
    return [...first, ...sorted.filter((test) => !first.includes(test) && !last.includes(test)), ...last]
  }
}
