// Every resource a benchmark opens (storage, a connection, a server, a meter) is closed however the run ends.

/** Runs `body` with the resource once `opened` resolves, and always `close`s it afterwards. */
export async function using<R, T>(
  opened: Promise<R>,
  close: (resource: R) => Promise<unknown>,
  body: (resource: R) => Promise<T>,
): Promise<T> {
  const resource = await opened;
  try {
    return await body(resource);
  } finally {
    await close(resource);
  }
}
