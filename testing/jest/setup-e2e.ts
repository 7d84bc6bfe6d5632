// Browser journeys wait on real servers and a real browser: give each test a minute.
jest.setTimeout(60_000);
