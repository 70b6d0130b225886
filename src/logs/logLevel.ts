// Whether a log line looks like an error or a warning: the same words the channels'
// grammar (media/apphost-log.tmLanguage.json) colours, so that a level filter keeps
// exactly the lines the user sees in red or orange. A unit test holds the two together.

export type LineLevel = 'error' | 'warning';

// Grammar `error`, `buildFailure`, `exception` and `httpStatus` (5xx).
const ERROR = [
  /\b(?:ERROR|FATAL|CRITICAL|PANIC|Error|Fatal)\b/,
  /\[(?:error|err|fatal|crit)\]|\blevel=(?:error|fatal)\b/i,
  /^ ! {5}|\bnpm ERR!|\berror TS\d+:/,
  /\b[A-Z]\w*(?:Error|Exception)\b|\bTraceback \(most recent call last\):|\bpanic: /,
  /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ 5\d\d\b/,
];
// Grammar `warning` and `httpStatus` (4xx).
const WARNING = [
  /\b(?:WARN|WARNING|Warning)\b/,
  /\[(?:warn|warning)\]|\blevel=warn(?:ing)?\b/i,
  /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ 4\d\d\b/,
];

/** The level a whole line (as shown, prefix included) gets from its words; undefined for any other line. */
export function levelOf(line: string): LineLevel | undefined {
  if (ERROR.some((re) => re.test(line))) return 'error';
  if (WARNING.some((re) => re.test(line))) return 'warning';
  return undefined;
}
