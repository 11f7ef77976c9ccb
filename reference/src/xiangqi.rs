pub fn main(_io: &mut crate::Io) -> Result<(), crate::Stop> {
    unimplemented!()
}
