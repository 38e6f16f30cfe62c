// The benchmark's three-option question, asked with @inquirer/prompts; prints the answer.
import { select } from "@inquirer/prompts";

try {
  const answer = await select({
    message: "Which language should the service use?",
    choices: [
      { name: "Rust", value: "rust" },
      { name: "Go", value: "go" },
      { name: "Python", value: "python" },
    ],
  });
  console.log(answer);
} catch {
  process.exit(1);
}
