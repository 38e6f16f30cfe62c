//! The benchmark's question, asked with inquire; prints the answer on stdout. Without an
//! argument it offers three languages; with a number N it offers N generated options.

fn main() {
    let options: Vec<String> = match std::env::args().nth(1) {
        Some(count) => (1..=count.parse::<usize>().expect("a number of options"))
            .map(|index| format!("Option {index}"))
            .collect(),
        None => ["Rust", "Go", "Python"].map(String::from).to_vec(),
    };
    match inquire::Select::new("Which language should the service use?", options).prompt() {
        Ok(answer) => println!("{answer}"),
        Err(_) => std::process::exit(1),
    }
}
