import type { Faker } from '@faker-js/faker';

/**
 * Common first and last names in the US (faker's own lists are mostly invented surnames, which read as fake at a
 * counter). Long enough that the seed's planted duplicates stay most of what the duplicates screen shows.
 */
const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen', 'Charles', 'Lisa', 'Daniel', 'Nancy',
  'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily',
  'Paul', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah',
  'Ronald', 'Stephanie', 'George', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Amy',
  'Jacob', 'Kathleen', 'Gary', 'Angela', 'Nicholas', 'Shirley', 'Eric', 'Brenda', 'Jonathan', 'Emma', 'Stephen', 'Anna',
  'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Samantha', 'Brandon', 'Katherine', 'Benjamin', 'Christine', 'Samuel', 'Debra',
  'Gregory', 'Rachel', 'Alexander', 'Carolyn', 'Patrick', 'Janet', 'Frank', 'Maria', 'Raymond', 'Olivia', 'Jack', 'Heather',
  'Dennis', 'Helen', 'Jerry', 'Catherine', 'Tyler', 'Diane', 'Aaron', 'Julie', 'Jose', 'Victoria', 'Adam', 'Joyce',
  'Nathan', 'Lauren', 'Henry', 'Kelly', 'Zachary', 'Christina', 'Douglas', 'Ruth', 'Peter', 'Joan', 'Kyle', 'Virginia',
  'Noah', 'Judith', 'Ethan', 'Evelyn', 'Jeremy', 'Hannah', 'Walter', 'Andrea', 'Christian', 'Megan', 'Keith', 'Cheryl',
  'Roger', 'Jacqueline', 'Terry', 'Madison', 'Austin', 'Teresa', 'Sean', 'Abigail', 'Gerald', 'Sophia', 'Carl', 'Martha',
  'Luis', 'Gloria', 'Juan', 'Rosa', 'Carlos', 'Ana', 'Miguel', 'Sofia', 'Tuan', 'Linh', 'Wei', 'Priya',
];
const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
  'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
  'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper', 'Peterson', 'Bailey',
  'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood',
  'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Lowe',
  'Ross', 'Foster', 'Jimenez', 'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson',
  'Barnes', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Hamilton', 'Graham', 'Reynolds', 'Griffin', 'Wallace',
  'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson', 'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens',
  'Murray', 'Ford', 'Castro', 'Marshall', 'Owens', 'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Kennedy', 'Wells', 'Vargas',
  'Henry', 'Chen', 'Freeman', 'Webb', 'Tucker', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter', 'Gordon',
  'Novak', 'Kowalski', 'Schultz', 'Larson', 'Meyer', 'Wagner', 'Hoffman', 'Schmidt', 'Becker', 'Krueger', 'Nowak', 'Lindquist',
  'Sorensen', 'Jensen', 'Olsen', 'Nakamura', 'Tanaka', 'Shah', 'Singh', 'Okafor', 'Mensah', 'Brennan', 'Dwyer', 'Fitzgerald',
];

/** A first and last name as a US store's customer list has them. */
export const demoName = (faker: Faker) => ({ firstName: faker.helpers.arrayElement(firstNames), lastName: faker.helpers.arrayElement(lastNames) });

/** A person's own address at the demo's mail domain: "maria.garcia@example.com" for Maria Garcia. */
export const demoEmail = (firstName: string, lastName: string) => `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';

/** "Maria Garcia": a customer's, technician's or contact's whole name. */
export function demoFullName(faker: Faker): string {
  const { firstName, lastName } = demoName(faker);
  return `${firstName} ${lastName}`;
}

interface HomeArea { weight: number; state: string; neighbours: string[]; towns: [city: string, zip: string][] }

/** Where the demo stores' customers live: the towns around each store, with their real ZIP codes. */
const homeAreas: HomeArea[] = [
  { weight: 5, state: 'IL', neighbours: ['MO', 'IN'], towns: [['Springfield', '62702'], ['Springfield', '62704'], ['Springfield', '62711'], ['Chatham', '62629'], ['Rochester', '62563'], ['Sherman', '62684']] },
  { weight: 3, state: 'IL', neighbours: ['WI', 'IN'], towns: [['Chicago', '60614'], ['Chicago', '60657'], ['Oak Park', '60302'], ['Evanston', '60201'], ['Berwyn', '60402'], ['Cicero', '60804']] },
  { weight: 2, state: 'OR', neighbours: ['WA'], towns: [['Portland', '97214'], ['Portland', '97202'], ['Beaverton', '97005'], ['Gresham', '97030'], ['Milwaukie', '97222'], ['Lake Oswego', '97034']] },
];

const streets = ['Oak', 'Maple', 'Cedar', 'Elm', 'Walnut', 'Washington', 'Lincoln', 'Jefferson', 'Park', 'Lake', 'Hill', 'Church', 'Main', 'Sunset', 'Highland', 'Prairie', 'Chestnut', 'Spruce'];
const streetKinds = ['St', 'Ave', 'Dr', 'Rd', 'Ln', 'Ct', 'Blvd'];
const trades = ['Plumbing', 'Landscaping', 'Electric', 'Roofing', 'Heating & Cooling', 'Construction', 'Auto Sales', 'Courier', 'Lawn Care', 'Painting'];

/** A home address near one of the stores, and the state of the plates on the customer's cars. */
export function demoAddress(faker: Faker): { addressLine1: string; city: string; state: string; postalCode: string; plateState: () => string } {
  const area = faker.helpers.weightedArrayElement(homeAreas.map((value) => ({ weight: value.weight, value })));
  const [city, postalCode] = faker.helpers.arrayElement(area.towns);
  return {
    addressLine1: `${faker.number.int({ min: 100, max: 4999 })} ${faker.helpers.arrayElement(streets)} ${faker.helpers.arrayElement(streetKinds)}`,
    city, state: area.state, postalCode,
    // Now and then a car still carries the plates of the state its owner moved from.
    plateState: () => (faker.number.int(9) === 0 ? faker.helpers.arrayElement(area.neighbours) : area.state),
  };
}

/** A small business that brings its work vehicles in: "Novak Plumbing". */
export const demoBusinessName = (faker: Faker) => `${faker.helpers.arrayElement(lastNames)} ${faker.helpers.arrayElement(trades)}`;
