//! The benchmark's question, asked with dialoguer; prints the answer on stdout. Without an
//! argument it offers three languages; with a number N it offers N generated options.

fn main() {
    let options: Vec<String> = match std::env::args().nth(1) {
        Some(count) => (1..=count.parse::<usize>().expect("a number of options"))
            .map(|index| format!("Option {index}"))
            .collect(),
        None => ["Rust", "Go", "Python"].map(String::from).to_vec(),
    };
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
