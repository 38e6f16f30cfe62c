//! The benchmark's three-option question, asked with inquire; prints the answer on stdout.

fn main() {
    let options = vec!["Rust", "Go", "Python"];
    match inquire::Select::new("Which language should the service use?", options).prompt() {
        Ok(answer) => println!("{answer}"),
        Err(_) => std::process::exit(1),
    }
}
