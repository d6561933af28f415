// A simulated exam (issue 15): shared by the exam-day benchmarks (bench/exam-*.bench.ts) and the crash test
// (src/platform/exam-crash.int.test.ts). It seeds one test of the demo ERP institute with one section of
// fixed SCQ questions and assigns it to N new students, runs the real server as a CHILD PROCESS (so it can be
// killed with SIGKILL and started again), and drives students over HTTP the way the player does: sign in,
// start (or find the open attempt), read the attempt state, save answers with a sequence number per answer.
//
// Split along its concepts: the seed (exam-sim/seed.ts), the server process (exam-sim/server.ts), the students
// over HTTP and the figures (exam-sim/students.ts), the crash run (exam-sim/crash.ts).
export * from './exam-sim/crash';
export * from './exam-sim/seed';
export * from './exam-sim/server';
export * from './exam-sim/students';
