// Sandbox-shaped keys the tests give the app and the Wompi stand-in alike (none is a real key).
export const WOMPI_TEST_KEYS = {
  WOMPI_PUBLIC_KEY: 'pub_test_Q5yDA9xoKdePzhSGeVe9HAez7HgGORGf',
  WOMPI_PRIVATE_KEY: 'prv_test_privatekeyofthestandin1234',
  WOMPI_INTEGRITY_SECRET: 'test_integrity_secretofthestandin1234',
  WOMPI_EVENTS_SECRET: 'test_events_secretofthestandin1234',
};
