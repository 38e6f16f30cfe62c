// The benchmark's question, asked with @inquirer/prompts; prints the answer. Without an
// argument it offers three languages; with a number N it offers N generated options.
import { select } from "@inquirer/prompts";

const count = process.argv[2] ? Number(process.argv[2]) : 0;
const choices = count
  ? Array.from({ length: count }, (_, index) => ({ name: `Option ${index + 1}`, value: index + 1 }))
  : [
      { name: "Rust", value: "rust" },
      { name: "Go", value: "go" },
      { name: "Python", value: "python" },
    ];
try {
  const answer = await select({ message: "Which language should the service use?", choices });
  console.log(answer);
} catch {
  process.exit(1);
}
