/** The tool's version, recorded in plans. Kept in step with package.json (a test checks it). */
export const VERSION = '0.1.0';
