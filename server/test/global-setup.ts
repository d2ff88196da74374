import type { TestProject } from 'vitest/node';
import { createTemplate } from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** See DatabaseTemplate.ref. */
    databaseTemplate: string;
  }
}

// Once per test run: migrate the database that every test file then copies (test/database.ts).
export default async function setup(project: TestProject) {
  const template = await createTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', template.ref);
  return () => template.remove();
}
