// Stack frames in log lines: where a line names a source file and a line number, in
// the forms the runtimes Dokku hosts print. The VS Code layer turns each frame into a
// link (src/logViews/stackLinks.ts) when the file exists in the folder linked to the app;
// this module only reads text, so it runs in the unit tests and costs nothing per line
// of the tail (the links are computed for what an editor shows, never in the pipeline).
//
//   Node    at handler (/app/src/routes/orders.js:42:17)      at file:///app/x.mjs:3:9
//   Python  File "/app/app/views.py", line 88, in checkout
//   Ruby    /app/app/models/order.rb:12:in 'total'             app/models/order.rb:12:in `total'
//   Go      /app/cmd/server/main.go:57 +0x1d
//   PHP     #0 /app/src/Cart.php(12): Cart->total()           … in /app/index.php on line 5
//   Java    at com.shop.OrderService.total(OrderService.java:42)   (also Kotlin, Scala, Groovy)
//   .NET    at Shop.Orders.Total() in /app/src/Orders.cs:line 42

/** A place in a source file that a log line names. */
export interface StackFrame {
  /** Where the frame's text starts and ends in the line (the link's range). */
  readonly start: number;
  readonly end: number;
  /**
   * The path as the container knows it: absolute (`/app/src/x.js`), or relative to the
   * app's root (`app/models/order.rb`, as Rails' backtrace cleaner prints it).
   */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  readonly column?: number;
  /**
   * A JVM frame names a class and a file name, not a path: `com/shop/OrderService.java`
   * (the package's folders, then the file), to be searched for in the linked folder.
   */
  readonly search?: true;
}

interface Form {
  readonly re: RegExp;
  /** The frame of a match (undefined: not a frame after all). */
  frame(m: RegExpExecArray): Omit<StackFrame, 'start' | 'end'> | undefined;
}

// A path segment: no spaces, quotes, brackets or colons (so URLs and `host:port` never pass).
const SEG = String.raw`[\w.@+~-]+`;
const ABS = String.raw`/${SEG}(?:/${SEG})*`;
const REL = String.raw`${SEG}(?:/${SEG})+`;
// A file name ends with an extension that starts with a letter (`/x/1.2:3` is no file).
const FILE = String.raw`\.[A-Za-z]\w*`;

const FORMS: readonly Form[] = [
  // Python: File "/app/app/views.py", line 88 (also relative paths).
  { re: /\bFile "([^"\n]+)", line (\d+)/g, frame: (m) => ({ path: m[1], line: Number(m[2]) }) },
  // .NET: in /app/src/Orders.cs:line 42
  { re: new RegExp(String.raw`\bin (${ABS}${FILE}):line (\d+)`, 'g'), frame: (m) => ({ path: m[1], line: Number(m[2]) }) },
  // PHP: #0 /app/src/Cart.php(12): …   and   in /app/index.php on line 5
  { re: new RegExp(String.raw`(${ABS}\.php)\((\d+)\)`, 'g'), frame: (m) => ({ path: m[1], line: Number(m[2]) }) },
  { re: new RegExp(String.raw`\bin (${ABS}\.php) on line (\d+)`, 'g'), frame: (m) => ({ path: m[1], line: Number(m[2]) }) },
  // JVM: at com.shop.OrderService$Inner.total(OrderService.java:42)
  {
    re: /\bat ((?:[A-Za-z_$][\w$]*\.)+)[\w$<>-]+\(([A-Za-z_$][\w$]*\.(?:java|kt|scala|groovy)):(\d+)\)/g,
    frame: (m) => {
      // The class's package (every segment before the class name) gives the folders.
      const parts = m[1].split('.').filter(Boolean);
      const packages = parts.slice(0, -1).filter((p) => /^[a-z_][\w]*$/.test(p));
      return { path: [...packages, m[2]].join('/'), line: Number(m[3]), search: true };
    },
  },
  // Ruby with a relative path (Rails' backtrace cleaner): app/models/order.rb:12:in 'total'
  { re: new RegExp(String.raw`(?<![\w.:/@+~-])(${REL}${FILE}):(\d+)(?=:in\b)`, 'g'), frame: (m) => ({ path: m[1], line: Number(m[2]) }) },
  // Node (also file:// URLs of ES modules), Go, Ruby, and any other absolute path:line(:column).
  {
    re: new RegExp(String.raw`(?<![\w.:/@+~-])(?:file://)?(${ABS}${FILE}):(\d+)(?::(\d+))?`, 'g'),
    frame: (m) => ({ path: m[1], line: Number(m[2]), column: m[3] ? Number(m[3]) : undefined }),
  },
];

// Every form needs a digit after one of these: lines without any skip all the regexes.
const HINT = /[:(] ?\d|line \d/;

/** The stack frames a line names, in order, never overlapping. */
export function findFrames(line: string): StackFrame[] {
  if (!HINT.test(line)) return [];
  const found: StackFrame[] = [];
  for (const form of FORMS) {
    form.re.lastIndex = 0;
    for (let m = form.re.exec(line); m; m = form.re.exec(line)) {
      const frame = form.frame(m);
      const start = m.index;
      const end = start + m[0].length;
      if (!frame || frame.line < 1 || found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ ...frame, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
