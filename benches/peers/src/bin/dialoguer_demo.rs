//! The benchmark's three-option question, asked with dialoguer; prints the answer on stdout.

fn main() {
    let options = ["Rust", "Go", "Python"];
    let answer = dialoguer::Select::new()
        .with_prompt("Which language should the service use?")
        .items(&options)
        .default(0)
        .interact_opt();
    match answer {
        Ok(Some(index)) => println!("{}", options[index]),
        _ => std::process::exit(1),
    }
}
