// Entry for mocha's --reporter flag, which wants module.exports to be the class
// (the TypeScript source is loaded through tsx, registered by the mocha config).
module.exports = require('./summaryReporter.ts').default;
