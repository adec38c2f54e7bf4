// In the test run (jest.config.js), each benchmark measures one iteration: enough to
// fail when it breaks, too few for its figures to mean anything. `npm run bench`
// (bench/jest.config.js) does not load this file and measures in full.
process.env.BENCH_ITERATIONS ??= '1';
