/** English texts of isolation (the two sides, dd's moves), the bisection of a history and the history table (see `en.ts`). */
export const enIsolation = {
  'task.reduce': 'Reduce the failing input',
  'task.+-': 'Isolate the failure-inducing difference (dd)',
  'task.-': 'Isolate the smallest failing input (ddmin)',
  'task.+': 'Isolate the largest passing input (ddmax)',
  'task.changes': "Isolate the change of code that makes it fail (dd on yesterday's candidate)",
  'bisect.heading': 'Bisect the history: {count} versions',
  'bisect.tests': 'Tests: {tests} (at most {most})',
  'bisect.next': 'Test the next version',
  'bisect.back': 'Back one test',
  'bisect.dd': 'Isolate the change from {good} to {bad} with dd',
  'bisect.reopen': 'Back to the bisection',
  'bisect.good': 'good',
  'bisect.bad': 'bad',
  'bisect.skip': 'skipped',
  'bisect.untested': 'untested',
  'bisect.tested': '{label}: {mark} (tested)',
  'bisect.implied': '{label}: {mark}',
  'bisect.start':
    'The newest version fails on the call. Bisection tests the version in the middle of those not yet known: a pass marks it and every older one good, a failure marks it and every newer one bad. {count} versions need at most {most} tests.',
  'bisect.passes':
    'Test {tests}: {label} passes ({actual}): it is good, and so is every version before it. The first bad version comes after {label}.',
  'bisect.fails':
    'Test {tests}: {label} fails ({actual} instead of {expected}): it is bad, and so is every version after it. The first bad version is {label} or an older one.',
  'bisect.skips':
    'Test {tests}: {label} cannot be judged ({reason}): it is skipped, as git bisect skip does, and the untested version nearest the middle is tested instead.',
  'bisect.found':
    '{bad} is the first bad version, {good} the last good one: {tests} tests for {count} versions. Bisection names a version, not a line: dd now isolates the lines of its change that make the failure.',
  'bisect.ambiguous':
    'The first bad version is one of {versions}: the versions skipped between {good} and {bad} cannot be told apart. dd isolates the change from {good} to {bad}.',
  'bisect.noneFails': 'No version of the history fails on the call: there is no change to isolate.',
  'bisect.oldestFails':
    'The oldest version already fails on the call: the change that made it fail is older than the history.',
  'bisect.into': 'dd of the change from {good} to {bad}',
  'isolate.sideFail': 'Confirm that the failing input {input} fails: {outcome}.',
  'isolate.sidePass': 'Confirm that the passing input {input} passes: {outcome}.',
  'isolate.add': 'Trial {trial}: add block {block} ({count}) to the passing side → {trial_input}.',
  'isolate.take':
    'Trial {trial}: take block {block} ({count}) from the failing side → {trial_input}.',
  'isolate.finer': 'No block moved a side at {from} blocks: split the difference finer, into {to}.',
  'isolate.predict': 'Will it pass or fail? The verdict comes on the next step.',
  'isolate.moved.reduce-to-subset': '{outcome}: reduce to subset — it is the new failing side.',
  'isolate.moved.reduce-to-complement':
    '{outcome}: reduce to complement — it is the new failing side.',
  'isolate.moved.increase-to-subset': '{outcome}: increase to subset — it is the new passing side.',
  'isolate.moved.increase-to-complement':
    '{outcome}: increase to complement — it is the new passing side.',
  'isolate.unresolved': '{outcome}: neither side moves.',
  'isolate.done':
    'Done: after {calls} calls, the passing side {pass} and the failing side {fail} differ by {difference}. {verdict}',
  'isolate.doneVerified': 'The difference is 1-minimal: each part of it is needed to fail.',
  'sides.pass': 'Passing side: {size}',
  'sides.fail': 'Failing side: {size}',
  'move.reduce-to-subset': 'reduce to subset',
  'move.reduce-to-complement': 'reduce to complement',
  'move.increase-to-subset': 'increase to subset',
  'move.increase-to-complement': 'increase to complement',
  'move.none': 'no move',
  'history.heading': 'History',
  'history.trial': 'Trial',
  'history.before': 'Before',
  'history.move': 'Move',
  'history.input': 'Trial input',
  'history.outcome': 'Outcome',
  'history.accepted': 'Accepted',
  'history.inArgument': 'argument {argument}: {move}',
  'history.remove': 'remove [{lo}, {hi})',
  'history.addBlock': 'add block {block} ({size}) to the passing side',
  'history.takeBlock': 'take block {block} ({size}) from the failing side',
  'history.removeLevel': 'remove level {level} nodes [{lo}, {hi})',
  'history.keepOnly': 'keep [{lo}, {hi})',
  'history.set': 'a[{index}]: {from} → {to}',
  'isolate.doneOne':
    'Done: after 1 call, the passing side {pass} and the failing side {fail} differ by {difference}. {verdict}',
} as const;
