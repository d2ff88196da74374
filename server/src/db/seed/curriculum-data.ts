// Curriculum of the reference snapshot (server.md §7.8), reused as demo data. Objective links use
// the snapshot's learning-weight ids; the seeder maps them to the ids the database assigns.

/** [snapshot id, label, weight, tier] */
export const learningWeights: [number, string, number, number][] = [
  [1, 'JavaScript data types', 6, 1],
  [2, 'Array iteration', 6, 1],
  [3, 'Git workflow', 6, 1],
  [4, 'Functions (arguments, parameters, return)', 10, 1],
  [5, 'Debugging (Read/locate bugs in the console)', 6, 1],
  [6, 'Algorithm development', 6, 1],
  [7, 'ERD and Relationships (Basic proficiency)', 6, 2],
  [8, 'State', 6, 2],
  [9, 'Array methods', 6, 2],
  [10, 'Modular code (import/export, SRP)', 6, 2],
  [11, 'Handling events (click, change, etc.)', 6, 2],
  [34, 'Debugging (Evaluating/stepping)', 6, 2],
  [12, 'Asynchronous code', 6, 3],
  [14, 'React - Basic hooks', 6, 3],
  [15, 'React - Routing', 6, 3],
  [16, 'React - Passing properties', 6, 3],
  [17, 'React - Dev Tools', 6, 3],
  [18, 'CRUD', 6, 3],
  [19, 'Server Side Debugging', 6, 4],
  [20, 'Static Typing', 6, 4],
  [22, 'SQL (Single Table)', 6, 4],
  [23, 'SQL (Join Multiple)', 6, 4],
  [21, 'Client/Server Data Flow', 8, 5],
  [24, 'Database Models', 6, 5],
  [25, 'Controllers', 6, 5],
  [26, 'Server JSON Serialization', 6, 5],
  [28, 'ORM (get/all)', 6, 5],
  [29, 'ORM (filter)', 6, 5],
  [30, 'ORM (navigating models)', 8, 5],
  [33, 'ERD and Relationships (Mastery)', 6, 5],
  [35, 'Debugging (Call stack/dynamic evaluation)', 8, 5],
  [27, 'Classes (Inheritance)', 10, 6],
  [31, 'Integration Testing', 6, 6],
  [32, 'SSR Templates', 6, 6],
];

export interface ProjectSpec {
  name: string;
  group?: boolean;
  /** A group project with both a client and an API template. */
  fullStack?: boolean;
  /** A group project whose template is an API only. */
  apiOnly?: boolean;
  deprecated?: boolean;
}

export interface BookSpec {
  name: string;
  description: string;
  assessment: string;
  objectives: number[];
  projects: ProjectSpec[];
}

export interface CourseSpec {
  name: string;
  active: boolean;
  books: BookSpec[];
}

const p = (...names: string[]): ProjectSpec[] =>
  names.map((name) => ({ name, group: name.startsWith('Group: ') }));

export const javascript: CourseSpec = {
  name: 'JavaScript',
  active: true,
  books: [
    {
      name: 'Book 1',
      description: 'Data structures and data types',
      assessment: 'Flowers',
      objectives: [1, 2, 6],
      projects: p('Foundations Review', "Leonid's Toys", 'Daily Notes'),
    },
    {
      name: 'Book 2',
      description: 'Functions',
      assessment: 'JavaScript: Mortgage Qualifiers',
      objectives: [1, 2, 6],
      projects: p('Functionland', 'Function Flow', 'Fish Fusion'),
    },
    {
      name: 'Book 3',
      description: 'Flexbox, git and working in the browser',
      assessment: 'JavaScript: Modern Farm',
      objectives: [3, 5, 10],
      projects: p("Martin's Aquarium"),
    },
    {
      name: 'Book 4',
      description: 'Browser events, data relationships and ERDs',
      assessment: 'JavaScript: Kids Dreams',
      objectives: [5, 7, 11],
      projects: p(
        "DeShawn's Dog Walking",
        'Brewed Awakenings',
        'Tour Some Sugar',
        'Group: Cider Falls',
      ),
    },
    {
      name: 'Book 5',
      description: 'State',
      assessment: 'JavaScript: House of Hummus',
      objectives: [7, 8, 9],
      projects: p('Kneel Diamonds', 'Car Builder', 'Group: Exomine'),
    },
    {
      name: 'Book 6',
      description: 'Fetch',
      assessment: 'JavaScript: Pen Pal Society',
      objectives: [7, 12],
      projects: [
        ...p('Sink Repair', 'Buttons the Clown', 'Group: Holiday Road', 'Group: Giffygram'),
        { name: 'Group: Truncheons', group: true, deprecated: true },
        ...p('Honest Abe'),
      ],
    },
    {
      name: 'Book 7',
      description: 'React',
      assessment: 'JavaScript: Rental Roundup',
      objectives: [14, 15, 16, 17],
      projects: p('Honey Rae Repairs', 'Kandy Korner'),
    },
  ],
};

export const python: CourseSpec = {
  name: 'Python',
  active: true,
  books: [
    {
      name: 'Kennel API Python',
      description: 'Python basics',
      assessment: 'Python: Pet Clinic Basics',
      objectives: [19, 21, 26],
      projects: p('Python Kennels API', 'Kneel Diamonds API'),
    },
    {
      name: 'Kennels API SQL',
      description: 'Databases and SQL',
      assessment: 'Snakes On A Brain',
      objectives: [19, 21, 22, 23, 26],
      projects: [
        ...p('Python Kennels API', 'Daily Journal API'),
        { name: 'Kneel Diamonds API', deprecated: true },
        { name: 'Group: Rare', group: true, fullStack: true },
        ...p('Group: CYOA'),
      ],
    },
    {
      name: 'Level Up',
      description: 'Django',
      assessment: 'Python: Tuna Piano API',
      objectives: [19, 21, 24, 25, 26, 28, 29, 35],
      projects: [
        ...p("DeShawn's Dog Walking API", "Honey Rae's API", 'Elated Mane', 'Level Up'),
        { name: 'Group: Django API', group: true, apiOnly: true },
      ],
    },
    {
      name: 'Bangazon',
      description: 'Testing',
      assessment: 'Python: Bangazon Reports',
      objectives: [27, 30, 31],
      projects: p('Level Up Tests and Reports', 'Bangazon API'),
    },
  ],
};

export const csharp: CourseSpec = {
  name: 'C# (retired)',
  active: false,
  books: [
    {
      name: 'Orientation',
      description: 'Basics of the language',
      assessment: 'C#: Guess the Number',
      objectives: [20, 27],
      projects: p('Enthusiastic Moose', 'Guessing Game'),
    },
  ],
};
