import { createOperator } from '../services/operator/create-operator';

/**
 * `npm run ops -- operator:create --username budi --role SUPERADMIN [--nama "Budi"]`; the password
 * comes from OPERATOR_PASSWORD or the first line of stdin, never from the command line (shell history).
 */
export async function operatorCommand(action: string, args: string[]): Promise<string> {
  if (action !== 'create') throw new Error(`Perintah operator:${action} tidak dikenal. Tersedia: operator:create`);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const username = option('--username');
  const role = option('--role');
  if (!username || !role) throw new Error('Contoh: echo "$PASSWORD" | npm run ops -- operator:create --username budi --role SUPERADMIN');
  const password = process.env.OPERATOR_PASSWORD ?? (await readFirstLine());
  const { id } = await createOperator(
    { username, role: role as never, nama: option('--nama') ?? username, password },
    { id: null, nama: 'Sistem (npm run ops)' },
  );
  return `Operator ${username} (${role}) dibuat, id ${id}`;
}

async function readFirstLine(): Promise<string> {
  if (process.stdin.isTTY) throw new Error('Password operator: isi OPERATOR_PASSWORD atau kirim lewat stdin');
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}
