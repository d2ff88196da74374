import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Clock } from './clock.ts';

export interface SeededPerson {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  githubLogin: string;
}

export interface SeededPeople {
  instructor: SeededPerson;
  staff: SeededPerson;
  /** Day Cohort 72 (the demo 'student' first), Day Cohort 70, Evening Cohort 18. */
  day72: SeededPerson[];
  day70: SeededPerson[];
  evening18: SeededPerson[];
}

// Invented names. The first is the demo 'student'; the rest become learner01, learner02, …
const learnerNames = [
  'Jordan Reyes',
  'Amara Okafor',
  'Liam Chen',
  'Priya Raman',
  'Mateo Alvarez',
  'Hana Sato',
  'Darnell Brooks',
  'Sofia Lindqvist',
  'Kwame Mensah',
  'Elena Petrova',
  'Tariq Haddad',
  'Maya Goldberg',
  'Diego Castillo',
  'Aisha Bello',
  'Noah Whitaker',
  'Mei Lin Tan',
  'Jamal Carter',
  'Ingrid Novak',
  'Ravi Patel',
  'Camila Duarte',
  'Owen Fitzgerald',
  'Zainab Yusuf',
  'Luca Romano',
  'Grace Mbeki',
  'Ethan Park',
  'Fatima Rahman',
  'Mason Tran',
  'Leila Moradi',
  'Samuel Adeyemi',
  'Chloe Dubois',
  'Andre Jackson',
  'Yuki Tanaka',
  'Isabel Ortega',
  'Tomasz Zielinski',
  'Naomi Levi',
  'Kofi Asante',
  'Rosa Delgado',
  'Henry Nakamura',
  'Ayesha Siddiqui',
  'Marcus Holloway',
  'Nina Kowalski',
  'Emeka Nwosu',
  'Lucia Ferreira',
  'Caleb Morrison',
  'Sana Qureshi',
  'Julian Brandt',
  'Imani Wallace',
  'Arjun Mehta',
  'Freya Olsen',
  'Victor Osei',
  'Talia Greenberg',
  'Rafael Souza',
];

const COUNTS = { day72: 30, day70: 12, evening18: 10 };

const split = (full: string): [string, string] => {
  const at = full.lastIndexOf(' ');
  return [full.slice(0, at), full.slice(at + 1)];
};

export async function seedPeople(
  trx: Transaction<Database>,
  clock: Clock,
  passwordHashes: string[],
): Promise<SeededPeople> {
  const [instructorHash, staffHash, studentHash] = passwordHashes;
  const accounts = [
    {
      username: 'instructor',
      name: 'Ada Whitcombe',
      login: 'demo-instructor',
      staff: true,
      hash: instructorHash,
    },
    { username: 'staff', name: 'Marcus Ellery', login: 'demo-staff', staff: true, hash: staffHash },
  ];
  const learners = learnerNames.map((name, index) => ({
    username: index === 0 ? 'student' : `learner${String(index).padStart(2, '0')}`,
    name,
    login: index === 0 ? 'demo-student' : `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-dev`,
    staff: false,
    hash: index === 0 ? studentHash : undefined,
  }));

  const rows = await trx
    .insertInto('people')
    .values(
      [...accounts, ...learners].map((person, index) => {
        const [first, last] = split(person.name);
        return {
          username: person.username,
          password_hash: person.hash ?? null,
          first_name: first,
          last_name: last,
          email: `${`${first}.${last}`.toLowerCase().replace(/[^a-z.]+/g, '')}@example.com`,
          is_staff: person.staff,
          github_login: person.login,
          avatar_url: null,
          // Learners only: staff are reached by name, and Slack ids are a learner's own setting.
          slack_handle: person.staff ? null : `U0DEMO${String(index - 1).padStart(3, '0')}`,
          // No github_id: a made-up id could match a real GitHub account once OAuth is configured.
          github_id: null,
          // Learners' accounts are re-dated to their first cohort invitation once cohorts exist.
          created_at: clock.at(-900, 9),
          github_repos_url: person.staff
            ? null
            : `https://api.github.com/users/${person.login}/repos`,
        };
      }),
    )
    .returning(['id', 'username', 'first_name', 'last_name', 'github_login'])
    .execute();

  const people = rows.map((row) => ({
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    githubLogin: row.github_login ?? row.username,
  }));
  const byName = (username: string) => {
    const person = people.find((row) => row.username === username);
    if (!person) throw new Error(`seed person ${username} missing`);
    return person;
  };
  const learnerRows = learners.map((learner) => byName(learner.username));
  return {
    instructor: byName('instructor'),
    staff: byName('staff'),
    day72: learnerRows.slice(0, COUNTS.day72),
    day70: learnerRows.slice(COUNTS.day72, COUNTS.day72 + COUNTS.day70),
    evening18: learnerRows.slice(COUNTS.day72 + COUNTS.day70),
  };
}
