// Structured logs: one JSON line per event, so Workers Logs can filter on fields.
type Fields = Record<string, unknown>;

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields) {
  // Stacks are for bugs: an expected failure (warn) is one line with what happened, not where.
  const { stack, ...rest } = fields;
  const line = JSON.stringify({ level, event, ...(level === 'error' ? fields : rest) });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export const log = {
  info: (event: string, fields: Fields = {}) => write('info', event, fields),
  warn: (event: string, fields: Fields = {}) => write('warn', event, fields),
  error: (event: string, fields: Fields = {}) => write('error', event, fields),
};

export function errorFields(error: unknown): Fields {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
