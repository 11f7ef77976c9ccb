pub fn main(_io: &mut crate::Io) -> Result<(), crate::Stop> {
    Err(crate::Stop::Undefined("port not yet written".into()))
}
