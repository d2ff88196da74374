import type { TestProject } from 'vitest/node';
import { compileServer } from './compiled-server.ts';
import { createTemplate } from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** See DatabaseTemplate.ref. */
    databaseTemplate: string;
    /** The compiled server's main.js, for test/server-process.ts. */
    compiledServer: string;
  }
}

// Once per test run: migrate the database that every test file then copies (test/database.ts),
// and compile the server that some files start as a process (in a process of its own, so it
// overlaps the migrations).
export default async function setup(project: TestProject) {
  const [template, compiledServer] = await Promise.all([
    createTemplate(process.env.TEST_DATABASE_URL),
    compileServer(),
  ]);
  project.provide('databaseTemplate', template.ref);
  project.provide('compiledServer', compiledServer);
  return () => template.remove();
}
