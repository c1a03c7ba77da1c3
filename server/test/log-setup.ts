// The node tests' log: warnings and errors only (every request's access line would bury the test report).
import { configureLog } from '../ops/log';

configureLog({ level: 'warn', format: 'json' });
