/**
 * The users who may sign in to DataHub's web app with a password (the entries of a user.props file), as
 * datahub-frontend's PropertyFileLoginModule checks them, but in constant time: a wrong password, a wrong user
 * and a right one take the same work, so timing tells nothing about which users exist. Passwords are kept as
 * keyed digests only (the key is drawn at start and never leaves the process).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The root user DataHub bootstraps (root-user.yaml) and every DataHub policy names. */
export const ROOT_USER = 'datahub';

export class UserDirectory {
  private readonly key = randomBytes(32);
  private readonly digests = new Map<string, Buffer>();
  /** What an unknown user's password is compared with, so that the comparison still happens. */
  private readonly nobody: Buffer;

  constructor(users: readonly { readonly username: string; readonly password: string }[]) {
    for (const { username, password } of users) this.digests.set(username, this.digest(password));
    this.nobody = this.digest(randomBytes(32).toString('hex'));
  }

  /** Whether the user is listed and the password is theirs. */
  verify(username: string, password: string): boolean {
    const expected = this.digests.get(username);
    const matches = timingSafeEqual(this.digest(password), expected ?? this.nobody);
    return matches && expected !== undefined;
  }

  has(username: string): boolean {
    return this.digests.has(username);
  }

  get size(): number {
    return this.digests.size;
  }

  private digest(password: string): Buffer {
    return createHmac('sha256', this.key).update(password, 'utf8').digest();
  }
}
