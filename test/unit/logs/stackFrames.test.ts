// Stack frames of every runtime Dokku hosts are found in tail lines (with the service's
// time and container prefix), with the range a link covers; URLs, addresses and
// ordinary text are not frames. Container paths map into the linked folder.
import { strict as assert } from 'node:assert';
import { findFrames, folderPathOf, readSourceRoots, type StackFrame } from '../../../src/logs';

const PREFIX = '2026-11-25T04:15:50.123456789Z app[web.1]: ';

/** The frames of a line, each with the text its link covers. */
function frames(line: string): (Omit<StackFrame, 'start' | 'end'> & { text: string })[] {
  return findFrames(line).map(({ start, end, ...f }) => ({ ...Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)), text: line.slice(start, end) }) as never);
}

describe('logs: stack frames in log lines', () => {
  it('Node: at fn (path:line:column), at path:line:column, and file:// URLs of ES modules', () => {
    assert.deepEqual(frames(`${PREFIX}    at handler (/app/src/routes/orders.js:42:17)`), [
      { path: '/app/src/routes/orders.js', line: 42, column: 17, text: '/app/src/routes/orders.js:42:17' },
    ]);
    assert.deepEqual(frames(`${PREFIX}    at /app/server.js:7:3`), [{ path: '/app/server.js', line: 7, column: 3, text: '/app/server.js:7:3' }]);
    assert.deepEqual(frames(`${PREFIX}    at load (file:///app/lib/db.mjs:3:9)`), [{ path: '/app/lib/db.mjs', line: 3, column: 9, text: 'file:///app/lib/db.mjs:3:9' }]);
  });

  it('Python: File "path", line N, in function', () => {
    assert.deepEqual(frames(`${PREFIX}  File "/app/app/views.py", line 88, in checkout`), [
      { path: '/app/app/views.py', line: 88, text: 'File "/app/app/views.py", line 88' },
    ]);
    assert.deepEqual(frames(`${PREFIX}  File "manage.py", line 22, in <module>`), [{ path: 'manage.py', line: 22, text: 'File "manage.py", line 22' }]);
  });

  it("Ruby: absolute and Rails' relative backtrace lines", () => {
    assert.deepEqual(frames(`${PREFIX}/app/app/models/order.rb:12:in 'total'`), [{ path: '/app/app/models/order.rb', line: 12, text: '/app/app/models/order.rb:12' }]);
    assert.deepEqual(frames(`${PREFIX}app/controllers/orders_controller.rb:31:in \`create'`), [
      { path: 'app/controllers/orders_controller.rb', line: 31, text: 'app/controllers/orders_controller.rb:31' },
    ]);
  });

  it('Go: path:line with the frame offset after it', () => {
    assert.deepEqual(frames(`${PREFIX}\t/app/cmd/server/main.go:57 +0x1d`), [{ path: '/app/cmd/server/main.go', line: 57, text: '/app/cmd/server/main.go:57' }]);
  });

  it('PHP: #0 path(line) and "in path on line N"', () => {
    assert.deepEqual(frames(`${PREFIX}#0 /app/src/Cart.php(12): Cart->total()`), [{ path: '/app/src/Cart.php', line: 12, text: '/app/src/Cart.php(12)' }]);
    assert.deepEqual(frames(`${PREFIX}PHP Fatal error:  Uncaught Error in /app/index.php on line 5`), [
      { path: '/app/index.php', line: 5, text: 'in /app/index.php on line 5' },
    ]);
  });

  it('Java, Kotlin: the package and file name, to search for', () => {
    assert.deepEqual(frames(`${PREFIX}\tat com.shop.orders.OrderService.total(OrderService.java:42)`), [
      { path: 'com/shop/orders/OrderService.java', line: 42, search: true, text: 'at com.shop.orders.OrderService.total(OrderService.java:42)' },
    ]);
    assert.deepEqual(frames(`${PREFIX}\tat com.shop.Api$Handler.lambda$run$0(Api.kt:9)`), [
      { path: 'com/shop/Api.kt', line: 9, search: true, text: 'at com.shop.Api$Handler.lambda$run$0(Api.kt:9)' },
    ]);
    assert.deepEqual(frames('\tat java.base/java.lang.Thread.run(Unknown Source)'), [], 'no file, no frame');
  });

  it('.NET: in path:line N', () => {
    assert.deepEqual(frames(`${PREFIX}   at Shop.Orders.Total() in /app/src/Orders.cs:line 42`), [
      { path: '/app/src/Orders.cs', line: 42, text: 'in /app/src/Orders.cs:line 42' },
    ]);
  });

  it('several frames on one line, in order', () => {
    const found = frames(`${PREFIX}from /app/a.rb:1:in 'x' called by /app/b.rb:2:in 'y'`);
    assert.deepEqual(found.map((f) => [f.path, f.line]), [['/app/a.rb', 1], ['/app/b.rb', 2]]);
  });

  it('is not fooled by URLs, addresses, times, request lines or line 0', () => {
    for (const line of [
      `${PREFIX}GET /api/orders?page=2 200 31ms`,
      `${PREFIX}ERROR connect ECONNREFUSED 10.0.0.7:6379`,
      `${PREFIX}fetching https://cdn.example.com/app/main.js:80 failed`,
      `${PREFIX}see http://localhost:5000/app/x.js:3`,
      `${PREFIX}started at 12:30:01`,
      `${PREFIX}/app/x.js:0`,
      `${PREFIX}version /1.2:3`,
      `${PREFIX}    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`,
    ]) {
      assert.deepEqual(frames(line), [], line);
    }
  });
});

describe('logs: container paths in the linked folder', () => {
  it('maps /app to the folder root, and relative paths as relative to /app', () => {
    assert.equal(folderPathOf('/app/src/routes/orders.js'), 'src/routes/orders.js');
    assert.equal(folderPathOf('app/models/order.rb'), 'app/models/order.rb');
    assert.equal(folderPathOf('/usr/lib/node_modules/express/index.js'), undefined, 'outside the app');
    assert.equal(folderPathOf('/application/x.js'), undefined, 'a prefix is a whole folder name');
  });

  it('apphost.logs.sourceRoots adds prefixes and can move /app (a monorepo); the longest prefix wins', () => {
    const roots = readSourceRoots({ '/app': 'services/api/', '/app/vendor/shared': 'packages/shared', '/srv/': '' });
    assert.equal(folderPathOf('/app/src/x.js', roots), 'services/api/src/x.js');
    assert.equal(folderPathOf('/app/vendor/shared/lib/y.js', roots), 'packages/shared/lib/y.js');
    assert.equal(folderPathOf('/srv/z.go', roots), 'z.go');
    assert.equal(folderPathOf('lib/w.rb', roots), 'services/api/lib/w.rb');
  });

  it('never leaves the folder, and ignores setting entries that are not prefix → path', () => {
    assert.equal(folderPathOf('/app/../etc/passwd'), undefined);
    assert.equal(folderPathOf('/app/a/./b.js'), undefined);
    assert.equal(folderPathOf('/srv/x.js', readSourceRoots({ '/srv': '../outside' })), undefined);
    assert.deepEqual(readSourceRoots({ relative: 'x', '/ok': 'y', '/num': 3, '/': 'root' }), { '/ok': 'y' });
    assert.deepEqual(readSourceRoots(['/app']), {});
    assert.deepEqual(readSourceRoots(undefined), {});
  });
});
