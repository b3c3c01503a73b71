import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are `<folder>/<random id>.<ext>`, made by the server only.
 * Local disk now; an S3-compatible store can implement the same three calls.
 */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** `null` when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z_]+\/[A-Za-z0-9_-]{16,64}\.[a-z]{2,5}$/;

function checkKey(key: string): string {
  if (!keyPattern.test(key)) {
    throw new Error(`invalid file key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Files under `root` (DATA_DIR/files); folders are made on the first write. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
